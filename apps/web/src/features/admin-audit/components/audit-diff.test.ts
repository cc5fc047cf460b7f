import { describe, expect, it } from 'vitest';
import { auditDiff, valueText } from './audit-diff';

describe('auditDiff', () => {
  it('sets the fields side by side and marks the changed ones', () => {
    expect(
      auditDiff({ status: 'active', partner: null }, { status: 'pause', partner: null, note: 'Checked' }),
    ).toEqual([
      { field: 'status', before: 'active', after: 'pause', changed: true },
      { field: 'partner', before: '', after: '', changed: false },
      { field: 'note', before: '', after: 'Checked', changed: true },
    ]);
  });

  it('shows a created record with nothing before and a deleted one with nothing after', () => {
    expect(auditDiff(null, { name: 'auditors' })).toEqual([
      { field: 'name', before: '', after: 'auditors', changed: true },
    ]);
    expect(auditDiff({ name: 'auditors' }, null)).toEqual([
      { field: 'name', before: 'auditors', after: '', changed: true },
    ]);
    expect(auditDiff(null, null)).toEqual([]);
  });

  it('writes lists and nested values as text', () => {
    expect(auditDiff({ modules: ['roles'] }, { modules: ['roles', 'vendors'] })[0]).toMatchObject({
      before: 'roles',
      after: 'roles, vendors',
    });
    expect(valueText({ a: 1 })).toBe('{"a":1}');
    expect(valueText(false)).toBe('false');
  });
});
