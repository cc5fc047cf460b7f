import { describe, expect, it } from 'vitest';
import { parseCamt053 } from './statement-camt053.js';
import { parsePayoneerCsv, parseWiseCsv, statementDate } from './statement-csv.js';
import { StatementError } from './statement-line.js';
import { isTransferReference, newTransferReference, referencesIn } from '../billing/transfer-reference.js';

/** A camt.053 entry as banks write it (001.02 shape unless `v8`). */
function entry(o: {
  amount: string;
  ccy?: string;
  dir?: 'CRDT' | 'DBIT';
  ref?: string;
  text?: string[];
  status?: string;
  txs?: string;
  debtor?: string;
}) {
  return `<Ntry>
    <Amt Ccy="${o.ccy ?? 'USD'}">${o.amount}</Amt><CdtDbtInd>${o.dir ?? 'CRDT'}</CdtDbtInd>
    <Sts>${o.status ?? 'BOOK'}</Sts><BookgDt><Dt>2026-11-27</Dt></BookgDt><ValDt><Dt>2026-11-27</Dt></ValDt>
    ${o.ref ? `<AcctSvcrRef>${o.ref}</AcctSvcrRef>` : ''}
    <NtryDtls>${
      o.txs ??
      `<TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
        <RltdPties><Dbtr><Nm>${o.debtor ?? 'ACME GmbH'}</Nm></Dbtr></RltdPties>
        <RmtInf>${(o.text ?? []).map((t) => `<Ustrd>${t}</Ustrd>`).join('')}</RmtInf></TxDtls>`
    }</NtryDtls>
  </Ntry>`;
}
const camt = (entries: string[], iban = 'DE89370400440532013000') => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
  <GrpHdr><MsgId>STMT-1</MsgId><CreDtTm>2026-11-28T06:00:00</CreDtTm></GrpHdr>
  <Stmt><Id>S1</Id><Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>USD</Ccy></Acct>${entries.join('')}</Stmt>
</BkToCstmrStmt></Document>`;

describe('transfer references', () => {
  it('are SL and nine unambiguous characters whose last checks the others', () => {
    for (let i = 0; i < 200; i += 1) {
      const reference = newTransferReference();
      expect(reference).toMatch(/^SL[2-9A-HJKMNP-TV-Z]{9}$/);
      expect(isTransferReference(reference)).toBe(true);
    }
  });

  it('catch every mistyped character and every swap of two neighbours but one', () => {
    const reference = newTransferReference();
    const alphabet = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
    for (let i = 2; i < reference.length; i += 1) {
      for (const c of alphabet) {
        if (c === reference[i]) continue;
        expect(isTransferReference(reference.slice(0, i) + c + reference.slice(i + 1))).toBe(false);
      }
    }
    // Luhn mod 30 misses one swap only: the first and last characters of the alphabet ("2Z" and "Z2").
    for (let n = 0; n < 300; n += 1) {
      const sample = newTransferReference();
      for (let i = 2; i < sample.length - 1; i += 1) {
        const pair = sample[i]! + sample[i + 1]!;
        if (pair[0] === pair[1]) continue;
        const swapped = sample.slice(0, i) + pair[1] + pair[0] + sample.slice(i + 2);
        expect(isTransferReference(swapped) ? [pair].sort()[0] : 'caught').toMatch(/^(caught|2Z|Z2)$/);
      }
    }
  });

  it('are found inside free text whatever its case, spaces and dashes', () => {
    const reference = newTransferReference();
    const spaced = `${reference.slice(0, 2)} ${reference.slice(2, 6).toLowerCase()}-${reference.slice(6)}`;
    expect(referencesIn(`Invoice payment ${spaced} thanks`)).toEqual([reference]);
    expect(referencesIn(`Payment for order SLAAAAAAAAA and ${reference}`)).toEqual([reference]);
    expect(referencesIn('no reference here, SL only')).toEqual([]);
  });
});

describe('camt.053', () => {
  it('reads booked entries with their ids, amounts as text, direction, counterparty and remittance', () => {
    const lines = parseCamt053(
      camt([
        entry({ amount: '1500.00', ref: 'REF-1', text: ['Top-up SL7KX9 T2MQ4', 'second line'] }),
        entry({ amount: '20.5', dir: 'DBIT', ref: 'REF-2', text: ['Bank fee'] }),
        entry({ amount: '99.00', ccy: 'EUR', ref: 'REF-3' }),
        entry({ amount: '10.00', status: 'PDNG', ref: 'REF-4' }),
      ]),
    );
    expect(lines).toEqual([
      {
        entryId: 'DE89370400440532013000:REF-1',
        bookedOn: '2026-11-27',
        direction: 'credit',
        amount: '1500.00',
        currency: 'USD',
        text: 'Top-up SL7KX9 T2MQ4 | second line',
        counterparty: 'ACME GmbH',
      },
      expect.objectContaining({
        entryId: 'DE89370400440532013000:REF-2',
        direction: 'debit',
        amount: '20.5',
      }),
      expect.objectContaining({ entryId: 'DE89370400440532013000:REF-3', currency: 'EUR' }),
    ]);
  });

  it('splits a batch entry into its transactions, each with its amount, reference and debtor', () => {
    const tx = (amount: string, ref: string, text: string, debtor: string) =>
      `<TxDtls><Refs><AcctSvcrRef>${ref}</AcctSvcrRef><EndToEndId>E2E-${ref}</EndToEndId></Refs>
        <AmtDtls><TxAmt><Amt Ccy="USD">${amount}</Amt></TxAmt></AmtDtls>
        <RltdPties><Dbtr><Pty><Nm>${debtor}</Nm></Pty></Dbtr></RltdPties>
        <RmtInf><Strd><CdtrRefInf><Ref>${text}</Ref></CdtrRefInf></Strd></RmtInf></TxDtls>`;
    const lines = parseCamt053(
      camt([
        entry({
          amount: '300.00',
          ref: 'BATCH',
          txs: tx('100.00', 'T1', 'A', 'One') + tx('200.00', 'T2', 'B', 'Two'),
        }),
      ]),
    );
    expect(lines.map((l) => [l.entryId, l.amount, l.text, l.counterparty])).toEqual([
      ['DE89370400440532013000:T1', '100.00', 'A | E2E-T1', 'One'],
      ['DE89370400440532013000:T2', '200.00', 'B | E2E-T2', 'Two'],
    ]);
  });

  it('gives lines without a bank reference stable ids: the same on a second upload, two for two equal payments', () => {
    const xml = camt([entry({ amount: '50.00', text: ['x'] }), entry({ amount: '50.00', text: ['x'] })]);
    const [first, second] = [parseCamt053(xml), parseCamt053(xml)];
    expect(first.map((l) => l.entryId)).toEqual(second.map((l) => l.entryId));
    expect(new Set(first.map((l) => l.entryId)).size).toBe(2);
  });

  it('refuses what is not a statement, a DOCTYPE (entity expansion) and amounts that are not numbers', () => {
    expect(() => parseCamt053('<a><b></a>')).toThrow(StatementError);
    expect(() => parseCamt053('<Document><Other/></Document>')).toThrow(/camt\.053/);
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]>${camt([])}`;
    expect(() => parseCamt053(bomb)).toThrow(/DOCTYPE/);
    expect(() => parseCamt053(camt([entry({ amount: '1e5' })]))).toThrow(/not a number/);
    expect(() => parseCamt053(camt([entry({ amount: '10', ccy: 'usd1' })]))).toThrow(/currency/);
  });
});

describe('Wise and Payoneer CSV', () => {
  const wiseHeader =
    '"TransferWise ID","Date","Amount","Currency","Description","Payment Reference","Running Balance","Exchange From","Exchange To","Exchange Rate","Payer Name","Payee Name","Payee Account Number","Merchant","Card Last Four Digits","Card Holder Full Name","Attachment","Note","Total fees","Exchange To Amount"';

  it('reads a Wise statement: signed amounts, the reference column, the payer', () => {
    const csv = `${wiseHeader}
"TRANSFER-1001","27-11-2026","1,250.00","USD","Received money from ACME GmbH with reference SL7KX9T2MQ4","SL7KX9T2MQ4","1250.00","","","","ACME GmbH","","","","","","","","0.00",""
"TRANSFER-1002","27-11-2026","-25.00","USD","Sent money to Hosting Ltd","","1225.00","","","","","Hosting Ltd","","","","","","","0.00",""`;
    expect(parseWiseCsv(csv)).toEqual([
      {
        entryId: 'wise:TRANSFER-1001',
        bookedOn: '2026-11-27',
        direction: 'credit',
        amount: '1250.00',
        currency: 'USD',
        text: 'SL7KX9T2MQ4 | Received money from ACME GmbH with reference SL7KX9T2MQ4',
        counterparty: 'ACME GmbH',
      },
      expect.objectContaining({
        entryId: 'wise:TRANSFER-1002',
        direction: 'debit',
        counterparty: 'Hosting Ltd',
      }),
    ]);
    expect(() => parseWiseCsv('Date,Amount\n2026-01-01,1')).toThrow(/TransferWise ID/);
    expect(() => parseWiseCsv(`${wiseHeader}\n"T-1","1-1-2026","ten","USD"`)).toThrow(/not a number/);
  });

  it('reads a Payoneer export and leaves out lines that did not complete', () => {
    const csv = `Transaction Date,Description,Amount,Currency,Status,Transaction ID
"Nov 27, 2026","Payment from ACME Inc - SL7KX9T2MQ4",500.00,USD,Completed,PAY-77
11/26/2026,Withdrawal to bank,-200.00,USD,Completed,PAY-78
11/25/2026,Payment from Someone,80.00,USD,Canceled,PAY-79`;
    expect(parsePayoneerCsv(csv)).toEqual([
      expect.objectContaining({
        entryId: 'payoneer:PAY-77',
        bookedOn: '2026-11-27',
        amount: '500.00',
        direction: 'credit',
      }),
      expect.objectContaining({ entryId: 'payoneer:PAY-78', bookedOn: '2026-11-26', direction: 'debit' }),
    ]);
  });

  it('reads the dates the exports write', () => {
    expect(
      ['2026-11-28', '28-11-2026', '28.11.2026', '11/28/2026', 'Nov 28, 2026'].map(statementDate),
    ).toEqual(Array(5).fill('2026-11-28'));
    expect(statementDate('yesterday')).toBeNull();
  });
});
