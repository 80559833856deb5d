import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import SaxonJS from 'saxon-js';
import { validateXML } from 'xmllint-wasm';

/**
 * Offline validation of our e-invoices (docs/invoices.md, docs/decisions/0056): the OASIS UBL 2.1 XSD (libxml2 via
 * xmllint-wasm), the EN 16931 UBL schematron (CEN/TC 434) and the SI-UBL 2.0 schematron (NLCIUS), both as the XSLT
 * their publishers compile, run by SaxonJS. The artefacts are not in this repository: they are read from
 * `UBL_VALIDATION_DIR` (default `../shared/ubl-validation` beside the repository), and each file must have the
 * SHA-256 below, so a test validates against exactly the published rules or fails saying what is missing. Every
 * function throws when a validator did not actually run.
 */

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const artefactsDir = () => process.env.UBL_VALIDATION_DIR ?? path.resolve(REPO_ROOT, '../shared/ubl-validation');

/** Path under the artefacts folder → SHA-256; where each comes from: docs/invoices.md ('Validating the UBL'). */
const ARTEFACTS: Record<string, string> = {
  'xsd/maindoc/UBL-Invoice-2.1.xsd': '40fae8cb436f3a9506d7acce65ba162caef3b0bed4d5cbc0992b2153ded4edf4',
  'xsd/maindoc/UBL-CreditNote-2.1.xsd': 'a54651b1225052f811bf2ba01346f13f2454e7cc3e0be290c91dd680dc7b7b1a',
  'xsd/common/CCTS_CCT_SchemaModule-2.1.xsd': 'dd546e4809df86b6445589f69f0d6c9df162840ae386574ddfc1da7638103e15',
  'xsd/common/UBL-CommonAggregateComponents-2.1.xsd':
    '939172ad8dd057cd403e7f763f6532184dd5ed4b9de24c42ebb35db4792ba613',
  'xsd/common/UBL-CommonBasicComponents-2.1.xsd': 'bd4ad043ee1d9da1c7f8018dabf739cfafdfb59143d0d16b9ef769e6b7c408a7',
  'xsd/common/UBL-CommonExtensionComponents-2.1.xsd':
    'ad7a4e490978adfbcfc5ec0bb20941cf11ac960ccf0c4de8791a7c731a8dbe87',
  'xsd/common/UBL-CommonSignatureComponents-2.1.xsd':
    '3db472305f029bba5c1ae157bfd0178f715c3f9b94bd8e6c557dbce5e88da874',
  'xsd/common/UBL-CoreComponentParameters-2.1.xsd': '8be3379dbdcbcc7802fafdd16bac72c48fff1c0bb364213a31a17911dd06100b',
  'xsd/common/UBL-ExtensionContentDataType-2.1.xsd': 'fcee77a11870208e6377ea6311b9f2a050bca24bdad8606ea02d71e9f9e72f8d',
  'xsd/common/UBL-QualifiedDataTypes-2.1.xsd': '7dcb156e610239c97ae70940cf4653b88e48c3595bf5f56a2204a32e2893e6cf',
  'xsd/common/UBL-SignatureAggregateComponents-2.1.xsd':
    '17bb6b62d709b4fd81449a37655af36aa6a1276ad4fdb1b2e249a5ed4b7c2172',
  'xsd/common/UBL-SignatureBasicComponents-2.1.xsd': 'cef924d7ba3d1d8ade14469325cde1364f8c174e46f0198ec02da8e9e748a489',
  'xsd/common/UBL-UnqualifiedDataTypes-2.1.xsd': '09052d406b4293e2a5f9c2bfee6df10ad4d8d5f0b36e24a6349d7f7936d89eb6',
  'xsd/common/UBL-XAdESv132-2.1.xsd': 'a4f726bcf8cc3f7d9ffa4dab99e005535a8e8b60dced1e5d94578d2e05afa96e',
  'xsd/common/UBL-XAdESv141-2.1.xsd': '1fa4625e9cefcb7a9abb5ac1b64315547450031eece8a55bd584e4ba4b79dbc1',
  'xsd/common/UBL-xmldsig-core-schema-2.1.xsd': '101909c9f06456d61ddcc4fb982f1d40dc357b439f393b1a2eb46e42acd60809',
  'en16931/EN16931-UBL-validation.xslt': '39f9d282867f1a49e7708d9e29a53da89643e1ee56f10cec1ebcf1277595fcbd',
  'si-ubl/si-ubl-2.0.xsl': 'd72d4bb2482290b6131a725957973c1a04cbb52aa17062deb6bba7f6b4715b7f',
};

export const SCHEMATRONS = { en16931: 'en16931/EN16931-UBL-validation.xslt', siUbl: 'si-ubl/si-ubl-2.0.xsl' } as const;
export type Schematron = keyof typeof SCHEMATRONS;

/** The artefact's bytes after checking its hash; throws naming the folder and the file when absent or different. */
function artefact(name: string): Buffer {
  const file = path.join(artefactsDir(), name);
  if (!existsSync(file))
    throw new Error(
      `UBL validation artefact missing: ${file}. Put the files listed in docs/invoices.md ('Validating the UBL') in ${artefactsDir()} or point UBL_VALIDATION_DIR at them.`,
    );
  const bytes = readFileSync(file);
  const sha = createHash('sha256').update(bytes).digest('hex');
  if (sha !== ARTEFACTS[name])
    throw new Error(`UBL validation artefact ${file} has SHA-256 ${sha}, not ${ARTEFACTS[name]}`);
  return bytes;
}

/** The UBL 2.1 schema errors of an Invoice or CreditNote document; empty when valid. */
export async function ublSchemaErrors(xml: string): Promise<string[]> {
  const kind = /<(?:\w+:)?CreditNote[\s>]/.test(xml.slice(0, 500)) ? 'CreditNote' : 'Invoice';
  const common = Object.keys(ARTEFACTS).filter((name) => name.startsWith('xsd/common/'));
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: [{ fileName: `maindoc/UBL-${kind}-2.1.xsd`, contents: artefact(`xsd/maindoc/UBL-${kind}-2.1.xsd`) }],
    preload: common.map((name) => ({ fileName: name.slice('xsd/'.length), contents: artefact(name) })),
  });
  if (!result.valid && result.errors.length === 0) throw new Error(`xmllint did not validate: ${result.rawOutput}`);
  if (result.valid && !/document\.xml validates/.test(result.rawOutput))
    throw new Error(`xmllint did not report a validation: ${result.rawOutput}`);
  return result.errors.map((e) => e.rawMessage);
}

const execFileAsync = promisify(execFile);
const require = createRequire(import.meta.url);
const compiled = new Map<Schematron, Promise<unknown>>();

/**
 * The schematron's XSLT compiled by SaxonJS's compiler (the `xslt3` command) once per machine into a cache folder
 * outside the repository, keyed by the XSLT's hash (about a minute each the first time; then read in a second).
 */
function compiledSchematron(which: Schematron): Promise<unknown> {
  let found = compiled.get(which);
  if (!found) {
    found = (async () => {
      const name = SCHEMATRONS[which];
      artefact(name);
      const cache = path.join(tmpdir(), 'ateliermarkt-ubl-sef');
      const sef = path.join(cache, `${ARTEFACTS[name]}.sef.json`);
      if (!existsSync(sef)) {
        mkdirSync(cache, { recursive: true });
        const partial = `${sef}.${process.pid}.part`;
        await execFileAsync(
          process.execPath,
          [require.resolve('xslt3/xslt3.js'), `-xsl:${path.join(artefactsDir(), name)}`, `-export:${partial}`, '-nogo'],
          { maxBuffer: 64 * 1024 * 1024 },
        );
        renameSync(partial, sef);
      }
      return JSON.parse(readFileSync(sef, 'utf8'));
    })();
    compiled.set(which, found);
  }
  return found;
}

export type SchematronFinding = { id: string; flag: string; text: string };

/** What a schematron reports of a document: each failed assertion with its rule id and flag (fatal, warning). */
export async function schematronFindings(which: Schematron, xml: string): Promise<SchematronFinding[]> {
  const stylesheetInternal = await compiledSchematron(which);
  SaxonJS.setLogLevel(0);
  const result = SaxonJS.transform({ stylesheetInternal, sourceText: xml, destination: 'serialized' }, 'sync');
  const svrl = result.principalResult ?? '';
  // Proof that the rules ran: an SVRL report in which rules fired on the document.
  if (!/<svrl:schematron-output/.test(svrl) || !/<svrl:fired-rule/.test(svrl))
    throw new Error(`the ${which} schematron did not run: ${svrl.slice(0, 300)}`);
  // Cut by the element's tags (no backtracking pattern over the whole report).
  return svrl
    .split('<svrl:failed-assert')
    .slice(1)
    .map((chunk) => {
      const end = chunk.indexOf('</svrl:failed-assert>');
      const element = end >= 0 ? chunk.slice(0, end) : chunk;
      const attrs = element.slice(0, Math.max(element.indexOf('>'), 0));
      const body = element.slice(attrs.length + 1);
      const from = body.indexOf('<svrl:text>');
      const to = body.indexOf('</svrl:text>');
      const text = (from >= 0 && to > from ? body.slice(from + '<svrl:text>'.length, to) : '').trim();
      // The SI-UBL stylesheet names its rule only in the text: `[SI-V20-INV-R000]-…`.
      const id = /\bid="([^"]+)"/.exec(attrs)?.[1] ?? /^\[([^\]]+)\]/.exec(text)?.[1] ?? '';
      return { id, flag: /\bflag="([^"]*)"/.exec(attrs)?.[1] ?? '', text };
    });
}

/** XSD errors and fatal schematron findings of both rule sets, as `rule: text` lines; empty when valid. */
export async function ublProblems(xml: string): Promise<string[]> {
  const problems = (await ublSchemaErrors(xml)).map((e) => `XSD: ${e}`);
  for (const which of Object.keys(SCHEMATRONS) as Schematron[])
    for (const f of await schematronFindings(which, xml))
      if (f.flag === 'fatal') problems.push(`${which} ${f.id}: ${f.text}`);
  return problems;
}
