import type { Statement, StatementLineView } from '@storelift/shared';
import type { LineWithNames, StatementWithUploader } from './reconciliation.repo.js';

export function toStatementView({ statement, uploader }: StatementWithUploader): Statement {
  return {
    id: statement.id,
    format: statement.format,
    file_name: statement.file_name,
    lines: statement.lines,
    new_lines: statement.new_lines,
    uploaded_by: uploader,
    created_at: statement.created_at.toISOString(),
  };
}

export function toLineView({ line, payment, payer, resolver }: LineWithNames): StatementLineView {
  return {
    id: line.id,
    statement_id: line.statement_id,
    entry_id: line.entry_id,
    booked_on: line.booked_on,
    direction: line.direction,
    amount: line.amount,
    currency: line.currency,
    text: line.text,
    counterparty: line.counterparty,
    state: line.state,
    payment: payment && payer ? { ...payment, user: payer } : null,
    difference: line.difference,
    ignore_reason: line.ignore_reason,
    resolved_by: resolver,
    resolved_at: line.resolved_at?.toISOString() ?? null,
    created_at: line.created_at.toISOString(),
  };
}
