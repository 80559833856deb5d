import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';

/** The official ISO 20022 schema shipped beside the writer (apps/api/src/lib/sepa/README.md says where from). */
const XSD = readFileSync(new URL('../lib/sepa/pain.001.001.03.xsd', import.meta.url), 'utf8');

/**
 * The schema errors of a pain.001.001.03 document, by libxml2's xmllint (compiled to WebAssembly: no system
 * install). Empty when the document is valid. Throws when validation could not run, so a test never passes on a
 * validator that did not look.
 */
export async function pain001SchemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({ xml: [{ fileName: 'payouts.xml', contents: xml }], schema: [XSD] });
  if (!result.valid && result.errors.length === 0) {
    throw new Error(`xmllint did not validate: ${result.rawOutput}`);
  }
  if (result.valid && !/payouts\.xml validates/.test(result.rawOutput)) {
    throw new Error(`xmllint did not report a validation: ${result.rawOutput}`);
  }
  return result.errors.map((error) => error.rawMessage);
}
