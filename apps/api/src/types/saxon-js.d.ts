/** The part of SaxonJS 2 (which ships no types) the UBL validation in the tests uses (src/test/ubl-validation.ts). */
declare module 'saxon-js' {
  type TransformOptions = { stylesheetInternal: unknown; sourceText: string; destination: 'serialized' };
  const SaxonJS: {
    setLogLevel(level: number): void;
    transform(options: TransformOptions, mode: 'sync'): { principalResult?: string };
  };
  export default SaxonJS;
}
