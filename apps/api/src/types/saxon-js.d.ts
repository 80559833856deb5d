/** The part of SaxonJS 2 (which ships no types) the tests use: UBL validation (src/test/ubl-validation.ts) and reading
 * a UBL document back by XPath (src/test/ubl-read.ts). */
declare module 'saxon-js' {
  type TransformOptions = { stylesheetInternal: unknown; sourceText: string; destination: 'serialized' };
  type XPathOptions = {
    params?: Record<string, unknown>;
    namespaceContext?: Record<string, string>;
    resultForm?: 'array' | 'iterator' | 'xdm' | 'default';
  };
  const SaxonJS: {
    setLogLevel(level: number): void;
    transform(options: TransformOptions, mode: 'sync'): { principalResult?: string };
    XPath: { evaluate(xpath: string, contextItem: unknown, options?: XPathOptions): unknown };
  };
  export default SaxonJS;
}
