import { PAYMENT_SYSTEMS, formatMoney, parseMoney } from '@storelift/shared';
import type { Db } from '../src/db/client.js';
import { payments } from '../src/db/schema/index.js';
import { newTransferReference } from '../src/modules/billing/transfer-reference.js';

/*
 * Statements as banks, Wise and Payoneer export them, made in the tests (and the reconcile bench), and the
 * transfer payments they pay.
 */

/** One booked camt.053 entry (the 001.02 shape banks still send most). */
export interface CamtEntry {
  amount: string;
  currency?: string;
  debit?: boolean;
  /** The bank's own reference of the entry (AcctSvcrRef): the line's id. */
  ref: string;
  /** Remittance lines (Ustrd). */
  texts: string[];
  debtor?: string;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/** A camt.053.001.02 bank-to-customer statement of `entries` on one account. */
export function camt053(entries: CamtEntry[], iban = 'DE89370400440532013000'): string {
  const ntry = (e: CamtEntry) => `<Ntry><Amt Ccy="${e.currency ?? 'USD'}">${e.amount}</Amt>
<CdtDbtInd>${e.debit ? 'DBIT' : 'CRDT'}</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-27</Dt></BookgDt>
<ValDt><Dt>2026-11-27</Dt></ValDt><AcctSvcrRef>${escapeXml(e.ref)}</AcctSvcrRef><BkTxCd/>
<NtryDtls><TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
<RltdPties><${e.debit ? 'Cdtr' : 'Dbtr'}><Nm>${escapeXml(e.debtor ?? 'ACME GmbH')}</Nm></${e.debit ? 'Cdtr' : 'Dbtr'}></RltdPties>
<RmtInf>${e.texts.map((t) => `<Ustrd>${escapeXml(t)}</Ustrd>`).join('')}</RmtInf></TxDtls></NtryDtls></Ntry>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>STMT-${Date.now()}</MsgId><CreDtTm>2026-11-28T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>S1</Id><CreDtTm>2026-11-28T06:00:00</CreDtTm><Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>USD</Ccy></Acct>
${entries.map(ntry).join('\n')}
</Stmt></BkToCstmrStmt></Document>`;
}

/** The columns of Wise's statement CSV export. */
export const WISE_HEADER =
  '"TransferWise ID","Date","Amount","Currency","Description","Payment Reference","Running Balance","Exchange From","Exchange To","Exchange Rate","Payer Name","Payee Name","Payee Account Number","Merchant","Card Last Four Digits","Card Holder Full Name","Attachment","Note","Total fees","Exchange To Amount"';

/** A Wise statement: [id, signed amount, currency, payment reference, payer]. */
export function wiseCsv(rows: [string, string, string, string, string][]): string {
  const line = ([id, amount, currency, reference, payer]: [string, string, string, string, string]) =>
    `"${id}","27-11-2026","${amount}","${currency}","Received money from ${payer} with reference ${reference}","${reference}","","","","","${payer}","","","","","","","","0.00",""`;
  return [WISE_HEADER, ...rows.map(line)].join('\n');
}

/** A Payoneer activity export: [id, description, signed amount, currency, status]. */
export function payoneerCsv(rows: [string, string, string, string, string][]): string {
  return [
    'Transaction Date,Description,Amount,Currency,Status,Transaction ID',
    ...rows.map(
      ([id, text, amount, currency, status]) => `11/27/2026,"${text}",${amount},${currency},${status},${id}`,
    ),
  ].join('\n');
}

/** A transfer payment awaiting its money (as the customer's checkout creates it), with its reference. */
export async function makeTransferPayment(
  db: Db,
  userId: number,
  total: string,
  options: { paysystemId?: number; currency?: string } = {},
) {
  const amount = formatMoney(parseMoney(total));
  const [row] = await db
    .insert(payments)
    .values({
      user_id: userId,
      paysystem_id: options.paysystemId ?? PAYMENT_SYSTEMS.bankTransfer,
      amount,
      total: amount,
      provider: 'transfer',
      status: 'pending',
      reference: newTransferReference(),
      currency: options.currency ?? 'USD',
      expires_at: new Date(Date.now() + 14 * 86_400_000),
    })
    .returning();
  return row!;
}
