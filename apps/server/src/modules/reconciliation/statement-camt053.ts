import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  StatementError,
  checkedAmount,
  checkedCurrency,
  derivedEntryIds,
  type StatementLine,
} from './statement-line.js';

/*
 * ISO 20022 camt.053 (bank to customer statement), any version from 001.02 on, read with fast-xml-parser: every
 * booked entry (`Sts` BOOK) of every statement, one line per transaction of a batch entry that carries each
 * transaction's amount. Values stay text (no number parsing), and a document with a DOCTYPE is refused outright:
 * bank statements have none, and entity expansion is how an XML upload attacks a server.
 */

type Node = Record<string, unknown>;

const LISTS = new Set(['Stmt', 'Ntry', 'TxDtls', 'Ustrd', 'Strd', 'AddtlTxInf']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  isArray: (name) => LISTS.has(name),
});

const nodeOf = (value: unknown): Node | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;
const listOf = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];
/** The text of an element (`<Amt Ccy="EUR">12.00</Amt>` parses to an object with `#text`). */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  const node = nodeOf(value);
  return typeof node?.['#text'] === 'string' ? node['#text'].trim() || undefined : undefined;
}
/** The node at a path of element names, or undefined. */
function at(node: unknown, ...path: string[]): unknown {
  let current: unknown = node;
  for (const name of path) current = nodeOf(current)?.[name];
  return current;
}

/** An `Amt` element's amount and currency, or undefined when there is none. */
function amountOf(value: unknown, where: string): { amount: string; currency: string } | undefined {
  const amount = textOf(value);
  if (amount === undefined) return undefined;
  const currency = nodeOf(value)?.['@Ccy'];
  return {
    amount: checkedAmount(amount, where),
    currency: checkedCurrency(typeof currency === 'string' ? currency : '', where),
  };
}

/** The free texts of a transaction where the payer's reference may be. */
function textsOf(tx: unknown): string[] {
  const remittance = at(tx, 'RmtInf');
  const references = listOf(at(remittance, 'Strd')).map((strd) => textOf(at(strd, 'CdtrRefInf', 'Ref')));
  const endToEnd = textOf(at(tx, 'Refs', 'EndToEndId'));
  return [
    ...listOf(at(remittance, 'Ustrd')).map(textOf),
    ...references,
    endToEnd === 'NOTPROVIDED' ? undefined : endToEnd,
    ...listOf(at(tx, 'AddtlTxInf')).map(textOf),
  ].filter((text): text is string => text !== undefined);
}

/** The other party's name: the debtor of a credit, the creditor of a debit (001.02 and 001.08+ shapes). */
function counterpartyOf(tx: unknown, direction: StatementLine['direction']): string | null {
  const party = at(tx, 'RltdPties', direction === 'credit' ? 'Dbtr' : 'Cdtr');
  return textOf(at(party, 'Nm')) ?? textOf(at(party, 'Pty', 'Nm')) ?? null;
}

/** Reads every booked line of a camt.053 document; throws StatementError when it is not one. */
export function parseCamt053(xml: string): StatementLine[] {
  if (/<!DOCTYPE/i.test(xml)) throw new StatementError('The statement declares a DOCTYPE: refused');
  if (XMLValidator.validate(xml) !== true) throw new StatementError('The file is not well-formed XML');
  const statements = listOf(at(parser.parse(xml), 'Document', 'BkToCstmrStmt', 'Stmt'));
  if (!statements.length)
    throw new StatementError('The file is not a camt.053 statement (no BkToCstmrStmt/Stmt)');
  const lines: StatementLine[] = [];
  for (const [s, statement] of statements.entries()) {
    const found: (Omit<StatementLine, 'entryId'> & { entryId: string | null })[] = [];
    const account =
      textOf(at(statement, 'Acct', 'Id', 'IBAN')) ?? textOf(at(statement, 'Acct', 'Id', 'Othr', 'Id')) ?? '';
    for (const [e, entry] of listOf(at(statement, 'Ntry')).entries()) {
      const where = `Statement ${s + 1}, entry ${e + 1}`;
      const status = textOf(at(entry, 'Sts')) ?? textOf(at(entry, 'Sts', 'Cd'));
      if (status !== 'BOOK') continue;
      const total = amountOf(at(entry, 'Amt'), where);
      if (!total) throw new StatementError(`${where}: no amount`);
      const direction: StatementLine['direction'] =
        textOf(at(entry, 'CdtDbtInd')) === 'DBIT' ? 'debit' : 'credit';
      const booked = textOf(at(entry, 'BookgDt', 'Dt')) ?? textOf(at(entry, 'BookgDt', 'DtTm'));
      const entryRef = textOf(at(entry, 'AcctSvcrRef')) ?? textOf(at(entry, 'NtryRef'));
      const entryTexts = [textOf(at(entry, 'AddtlNtryInf'))].filter((t): t is string => t !== undefined);
      const txs = listOf(at(entry, 'NtryDtls', 'TxDtls'));
      const split = txs.length > 1 && txs.every((tx) => at(tx, 'AmtDtls', 'TxAmt', 'Amt') ?? at(tx, 'Amt'));
      const parts = split ? txs : [txs];
      for (const [t, part] of parts.entries()) {
        const tx = split ? part : undefined;
        const txWhere = `${where}, transaction ${t + 1}`;
        const own = tx ? amountOf(at(tx, 'AmtDtls', 'TxAmt', 'Amt') ?? at(tx, 'Amt'), txWhere) : undefined;
        const partTxs = split ? [part] : txs;
        const ref =
          textOf(at(tx, 'Refs', 'AcctSvcrRef')) ?? (entryRef && (split ? `${entryRef}/${t + 1}` : entryRef));
        found.push({
          entryId: ref ? `${account}:${ref}` : null,
          bookedOn: booked?.slice(0, 10) ?? null,
          direction,
          ...(own ?? total),
          text: [...partTxs.flatMap(textsOf), ...entryTexts].join(' | ').slice(0, 2000),
          counterparty: partTxs.map((one) => counterpartyOf(one, direction)).find(Boolean) ?? null,
        });
      }
    }
    const derived = derivedEntryIds(found, `camt053:${account}`);
    lines.push(...found.map((line, i) => ({ ...line, entryId: line.entryId ?? derived[i]! })));
  }
  return lines;
}
