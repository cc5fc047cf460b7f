import { existsSync } from 'node:fs';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';
import {
  centsText,
  MESSAGES,
  PAYMENT_BONUS_DAYS,
  parseMoney,
  type ReceivingDetails,
} from '@storelift/shared';
import type { Deps } from '../../deps.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.js';
import { fileStorage } from '../../lib/file-storage.js';
import { sameSignature, sign } from '../../lib/signing.js';
import { signingSecret } from '../core-settings/signing-secret.js';
import { invoiceNumber } from './billing.views.js';
import * as repo from './payments.repo.js';
import { ownPayment } from './payments.service.js';
import { findUser } from '../users/users.repo.js';
import { receivingDetailsOf } from './receiving-details.js';

/** A download link lives this long (seconds). */
export const INVOICE_LINK_SECONDS = 300;
const PURPOSE = 'invoice';

/** A transfer payment awaiting the money: its invoice is a pro-forma, to pay by. */
const awaitingTransfer = (payment: repo.PaymentRow) =>
  payment.provider === 'transfer' && payment.status === 'pending' && payment.reference !== null;
/** A payment has an invoice: one staff uploaded, the generated one once it is credited, or a pro-forma. */
const invoiced = (payment: repo.PaymentRow) =>
  payment.invoice_file !== null ||
  payment.status === 'credited' ||
  payment.status === 'refunded' ||
  awaitingTransfer(payment);
const signatureOf = (secret: string, paymentId: number, userId: number, ts: number) =>
  sign(secret, PURPOSE, `${paymentId}.${userId}.${ts}`);

/**
 * `GET payments/download-invoice/{id}/bridge`: `ts` and `h` sign the payment, its owner and the time, so
 * the browser can open the download without the bearer token (for 5 minutes).
 */
export async function invoiceBridge(deps: Deps, userId: number, paymentId: number) {
  const { payment } = await ownPayment(deps.db, userId, paymentId);
  if (!invoiced(payment)) throw new ConflictError(MESSAGES.downloadFailed);
  const ts = Math.floor(Date.now() / 1000);
  const h = signatureOf(await signingSecret(deps.db), payment.id, userId, ts);
  return { ts, h, url: `/api/private/v1/payments/download-invoice/${payment.id}?ts=${ts}&h=${h}` };
}

/**
 * `GET payments/download-invoice/{id}?ts=&h=`: the invoice PDF, when the link is genuine and fresh: the
 * one staff uploaded if there is one, the generated one otherwise.
 */
export async function downloadInvoice(deps: Deps, paymentId: number, ts: number, h: string) {
  const row = await repo.findPaymentWithNames(deps.db, paymentId);
  const now = Date.now() / 1000;
  const genuine =
    row &&
    ts <= now + 60 &&
    now - ts <= INVOICE_LINK_SECONDS &&
    sameSignature(signatureOf(await signingSecret(deps.db), paymentId, row.payment.user_id, ts), h);
  if (!row || !genuine) throw new ForbiddenError(MESSAGES.downloadFailed);
  return invoiceOf(deps, row);
}

/** `GET payments/invoice/{id}` (staff): the invoice of any payment, as its customer downloads it. */
export async function staffInvoice(deps: Deps, paymentId: number) {
  const row = await repo.findPaymentWithNames(deps.db, paymentId);
  if (!row) throw new NotFoundError();
  return invoiceOf(deps, row);
}

/** The uploaded PDF when there is one, the generated one otherwise; 409 when the payment has none. */
async function invoiceOf(deps: Deps, row: repo.PaymentWithNames) {
  if (!invoiced(row.payment)) throw new ConflictError(MESSAGES.downloadFailed);
  const proforma = awaitingTransfer(row.payment);
  const filename = proforma
    ? `storelift-proforma-${row.payment.reference}.pdf`
    : `storelift-${invoiceNumber(row.payment) ?? row.payment.id}.pdf`;
  if (row.payment.invoice_file && !proforma) {
    const uploaded = await fileStorage(deps.config).open(row.payment.invoice_file);
    if (!uploaded) throw new ConflictError(MESSAGES.downloadFailed);
    return { pdf: uploaded, filename };
  }
  const customer = await findUser(deps.db, row.payment.user_id);
  const pdf = await renderInvoice({
    payment: row.payment,
    paysystem: row.paysystem_name,
    customer: {
      name: customer?.full_name ?? row.user.nickname,
      email: row.user.email,
      country: customer?.country ?? '',
      company: customer?.company ?? null,
      address: customer?.address ?? null,
      vatId: customer?.vat_id ?? null,
    },
    ...(proforma && { payTo: await receivingDetailsOf(deps.db, row.payment.paysystem_id) }),
  });
  return { pdf, filename };
}

/** Sends an invoice as a download. */
export const sendInvoice = (
  reply: FastifyReply,
  { pdf, filename }: { pdf: Buffer | Readable; filename: string },
) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);

// DejaVu Sans (Debian's fonts-dejavu) prints every script; the built-in Helvetica only Latin-1.
const UNICODE_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const UNICODE_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const hasUnicodeFont = existsSync(UNICODE_FONT) && existsSync(UNICODE_BOLD);
const printable = (text: string) => (hasUnicodeFont ? text : text.replace(/[^\u0020-\u00ff]/g, '?'));

const usd = (text: string) => `${centsText(parseMoney(text))} USD`;
const day = (date: Date) => date.toISOString().slice(0, 10).split('-').reverse().join('.');

interface InvoiceData {
  payment: repo.PaymentRow;
  paysystem: string;
  /** Company, address and VAT id as the customer's profile gives them (null: not printed). */
  customer: {
    name: string;
    email: string;
    country: string;
    company: string | null;
    address: string | null;
    vatId: string | null;
  };
  /** A pro-forma of a transfer awaiting the money: our account to pay to (with the payment's reference). */
  payTo?: ReceivingDetails;
}

/** Our account as the pro-forma prints it: the filled lines only. */
function payToLines(details: ReceivingDetails): string[] {
  const lines: [string, string][] = [
    ['Beneficiary', details.beneficiary],
    ['Bank', details.bank_name],
    ['IBAN / account', details.account],
    ['SWIFT/BIC', details.swift],
    ['Routing number', details.routing],
    ['Bank address', details.bank_address.replace(/\s*\r?\n\s*/g, ', ')],
  ];
  return lines.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`);
}

/** The invoice of a credited payment, or the pro-forma of a transfer awaiting it, as PDF bytes (pdfkit). */
export function renderInvoice({ payment, paysystem, customer, payTo }: InvoiceData): Promise<Buffer> {
  const number = payTo ? `PF-${payment.reference}` : (invoiceNumber(payment) ?? String(payment.id));
  const title = payTo ? 'PRO-FORMA INVOICE' : 'INVOICE';
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `${payTo ? 'Pro-forma invoice' : 'Invoice'} ${number}`,
      Author: 'Storelift',
      Subject: 'Balance top-up',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (hasUnicodeFont) {
    doc.registerFont('regular', UNICODE_FONT);
    doc.registerFont('bold', UNICODE_BOLD);
  } else {
    doc.registerFont('regular', 'Helvetica');
    doc.registerFont('bold', 'Helvetica-Bold');
  }
  const left = 56;
  const right = doc.page.width - 56;
  doc.font('bold').fontSize(22).text('Storelift', left, 56);
  doc
    .font('regular')
    .fontSize(10)
    .fillColor('#555')
    .text('Mobile app promotion on Google Play and the App Store');
  doc.font('bold').fontSize(18).fillColor('#000').text(title, left, 56, { align: 'right' });
  doc.font('regular').fontSize(10).text(number, { align: 'right' });
  doc.text(`Date: ${day(payment.credited_at ?? payment.created_at)}`, { align: 'right' });

  doc.moveDown(3).font('bold').fontSize(11).text('Bill to', left);
  doc.font('regular').fontSize(10).text(printable(customer.name));
  if (customer.company) doc.text(printable(customer.company));
  for (const line of customer.address?.split(/\r\n?|\n/) ?? []) doc.text(printable(line));
  doc.text(customer.country).text(customer.email);
  if (customer.vatId) doc.text(`VAT ID: ${customer.vatId}`);

  const rows: [string, string][] = [
    [`Balance top-up through ${paysystem} (payment #${payment.id})`, usd(payment.amount)],
    ['Payment fee', usd(payment.fee)],
  ];
  if (parseMoney(payment.vat) > 0n) rows.push(['VAT on the fee', usd(payment.vat)]);
  let y = doc.moveDown(2).y;
  doc.font('bold').fontSize(10).text('Description', left, y).text('Amount', left, y, { align: 'right' });
  y += 18;
  doc.moveTo(left, y).lineTo(right, y).strokeColor('#ccc').stroke();
  doc.font('regular');
  for (const [label, value] of rows) {
    y += 8;
    doc
      .text(printable(label), left, y, { width: right - left - 120 })
      .text(value, left, y, { align: 'right' });
    y = doc.y + 4;
  }
  doc.moveTo(left, y).lineTo(right, y).stroke();
  y += 8;
  doc
    .font('bold')
    .text(payTo ? 'Amount due' : 'Total paid', left, y)
    .text(usd(payment.total), left, y, { align: 'right' });

  doc.moveDown(2).font('regular').fontSize(10).fillColor('#333');
  if (payTo) {
    doc.font('bold').fontSize(11).fillColor('#000').text(`Pay by ${paysystem} to`, left);
    doc.font('regular').fontSize(10);
    for (const line of payToLines(payTo)) doc.text(printable(line));
    doc.moveDown().font('bold').text(`Reference (write it on the transfer): ${payment.reference}`);
    doc.font('regular').fillColor('#333');
    doc.text(
      `Transfer exactly ${usd(payment.total)}. Unpaid, this invoice expires on ${day(payment.expires_at ?? payment.created_at)}.`,
    );
  } else doc.text(`Status: ${payment.status === 'refunded' ? 'refunded' : 'paid'}.`, left);
  if (parseMoney(payment.bonus) > 0n) {
    doc.text(
      `Payment bonus of ${usd(payment.bonus)} ${payTo ? 'to be credited, once the transfer arrives,' : 'credited'} to the bonus balance, valid ${PAYMENT_BONUS_DAYS} days.`,
    );
  }
  doc.text('Prepaid balance for promotion services. Thank you for your business.');
  doc.end();
  return done;
}
