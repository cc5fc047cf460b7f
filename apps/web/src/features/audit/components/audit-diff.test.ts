import { afterEach, describe, expect, it } from 'vitest';
import { auditDiff, valueText } from './audit-diff';

describe('auditDiff', () => {
  it('lists each changed field with its value before and after', () => {
    expect(
      auditDiff({ status: 'active', partner: null }, { status: 'pause', partner: null, note: 'Checked' }),
    ).toEqual([
      { field: 'status', before: 'active', after: 'pause' },
      { field: 'note', before: '', after: 'Checked' },
    ]);
  });

  it('shows a created record with nothing before and a deleted one with nothing after', () => {
    expect(auditDiff(null, { name: 'auditors' })).toEqual([{ field: 'name', before: '', after: 'auditors' }]);
    expect(auditDiff({ name: 'auditors' }, null)).toEqual([{ field: 'name', before: 'auditors', after: '' }]);
    expect(auditDiff(null, null)).toEqual([]);
    expect(auditDiff(null, 'Invoice 12.pdf')).toEqual([{ field: '', before: '', after: 'Invoice 12.pdf' }]);
  });

  it('opens nested values into their own fields instead of writing JSON', () => {
    const lines = auditDiff(
      { tiers: [{ from: '0', percent: '10' }], settings: { vat: { rate: 20 } }, modules: ['roles'] },
      {
        tiers: [{ from: '0', percent: '15' }],
        settings: { vat: { rate: 21 } },
        modules: ['roles', 'vendors'],
      },
    );
    expect(lines).toEqual([
      { field: 'tiers › 1 › percent', before: '10', after: '15' },
      { field: 'settings › vat › rate', before: '20', after: '21' },
      { field: 'modules', before: 'roles', after: 'roles, vendors' },
    ]);
    expect(lines.some((line) => /[{}"]/.test(line.before + line.after))).toBe(false);
  });

  describe('times', () => {
    const zone = process.env.TZ;
    afterEach(() => {
      process.env.TZ = zone;
    });

    it('reads times and days as DD.MM.YYYY in the reader’s time zone, and true/false as words', () => {
      process.env.TZ = 'Europe/Kyiv';
      expect(valueText('2026-12-01T22:00:00.000Z')).toBe('02.12.2026 00:00');
      expect(valueText('2026-12-01')).toBe('01.12.2026');
      expect(auditDiff({ active: true }, { active: false }, { yes: 'Sí', no: 'No' })).toEqual([
        { field: 'active', before: 'Sí', after: 'No' },
      ]);
    });
  });
});
