import type { FastifyRequest } from 'fastify';
import { INVOICE_MAX_BYTES, MESSAGES, STAFF_MONEY_MESSAGES } from '@storelift/shared';
import type { Deps } from '../../deps.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { fileStorage } from '../../lib/file-storage.js';
import { readUpload, type UploadRules } from '../../lib/uploads.js';
import { audit } from '../audit/audit.js';
import { adminView } from './admin-billing.service.js';
import * as repo from './payments.repo.js';

/**
 * An invoice upload: the PDF itself (`application/pdf`) or a browser form with the PDF in `data` and,
 * optionally, `paymentInvoiceId` (staff-admin §7), which must then name the payment of the path.
 */
export const INVOICE_UPLOAD: UploadRules = {
  contentType: 'application/pdf',
  maxBytes: INVOICE_MAX_BYTES,
  formFile: 'data',
  formFields: ['paymentInvoiceId'],
  missing: STAFF_MONEY_MESSAGES.invoiceNotPdf,
  tooLarge: STAFF_MONEY_MESSAGES.invoiceTooLarge,
};

/** The uploaded invoice's bytes, either shape; a form naming another payment is a 422. */
export async function readInvoiceUpload(req: FastifyRequest, paymentId: number): Promise<Buffer> {
  const { file, fields } = await readUpload(req, INVOICE_UPLOAD);
  if (fields.paymentInvoiceId !== undefined && fields.paymentInvoiceId.trim() !== String(paymentId))
    throw ValidationError.field('paymentInvoiceId', MESSAGES.dataNotValid);
  return file;
}

/** Every PDF starts with these bytes, whatever the request's content type claims. */
const PDF_MAGIC = Buffer.from('%PDF-');

/** Whether the bytes are a PDF: its magic number, within the size limit. Throws the field's 422. */
export function checkInvoicePdf(body: unknown): Buffer {
  if (!Buffer.isBuffer(body) || body.length < PDF_MAGIC.length) {
    throw ValidationError.field('file', STAFF_MONEY_MESSAGES.invoiceNotPdf);
  }
  if (body.length > INVOICE_MAX_BYTES)
    throw ValidationError.field('file', STAFF_MONEY_MESSAGES.invoiceTooLarge);
  if (!body.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    throw ValidationError.field('file', STAFF_MONEY_MESSAGES.invoiceNotPdf);
  }
  return body;
}

/**
 * `POST payments/invoice/{id}` (staff): stores the PDF and points the payment at it, replacing the one
 * uploaded before. The file is written first under a new key, the row switched under its lock, and the
 * file the row no longer names removed after the commit, so two uploads at once leave one file, named.
 */
export async function uploadInvoice(deps: Deps, id: number, body: unknown) {
  const pdf = checkInvoicePdf(body);
  const storage = fileStorage(deps.config);
  const key = await storage.put('invoices', 'pdf', pdf);
  let replaced: string | null;
  try {
    replaced = await deps.db.transaction(async (tx) => {
      const row = await repo.lockPayment(tx, { id });
      if (!row) throw new NotFoundError();
      await repo.updatePayment(tx, id, { invoice_file: key, invoice_uploaded_at: new Date() });
      await audit(tx, {
        action: 'payments.invoice-upload',
        target: { type: 'payment', id, userId: row.user_id },
        before: { invoice_uploaded: row.invoice_file !== null },
        after: { invoice_uploaded: true, size: pdf.length },
      });
      return row.invoice_file;
    });
  } catch (error) {
    await storage.remove(key);
    throw error;
  }
  if (replaced) await storage.remove(replaced);
  return adminView(deps.db, id, STAFF_MONEY_MESSAGES.invoiceUploaded);
}

/** `DELETE payments/invoice/{id}` (staff): the customer gets the generated invoice again. */
export async function deleteInvoice(deps: Deps, id: number) {
  const removed = await deps.db.transaction(async (tx) => {
    const row = await repo.lockPayment(tx, { id });
    if (!row) throw new NotFoundError();
    if (!row.invoice_file) throw new ConflictError(STAFF_MONEY_MESSAGES.invoiceMissing);
    await repo.updatePayment(tx, id, { invoice_file: null, invoice_uploaded_at: null });
    await audit(tx, {
      action: 'payments.invoice-delete',
      target: { type: 'payment', id, userId: row.user_id },
      before: { invoice_uploaded: true },
      after: { invoice_uploaded: false },
    });
    return row.invoice_file;
  });
  await fileStorage(deps.config).remove(removed);
  return adminView(deps.db, id, STAFF_MONEY_MESSAGES.invoiceDeleted);
}
