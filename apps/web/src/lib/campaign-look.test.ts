import { describe, expect, it } from 'vitest';
import { deliveredText, progressPercent, statusChangeTitle, statusColor } from './campaign-look';

describe('campaign look', () => {
  it('colours running, finished and refused statuses apart', () => {
    expect(statusColor('active')).toBe('teal');
    expect(statusColor('completed')).toBe('green');
    expect(statusColor('pause')).toBe(statusColor('delayed'));
    expect(statusColor('failed')).toBe('red');
    expect(statusColor('draft')).toBe('indigo');
  });

  it('answers the delivered share in whole percent, never above 100 or dividing by nothing', () => {
    expect(progressPercent({ installs_total: 60, installs_actual: 30 })).toBe(50);
    expect(progressPercent({ installs_total: 3, installs_actual: 1 })).toBe(33);
    expect(progressPercent({ installs_total: 10, installs_actual: 12 })).toBe(100);
    expect(progressPercent({ installs_total: 0, installs_actual: 0 })).toBe(0);
  });

  it('shows delivered of ordered installs grouped by thousands', () => {
    expect(deliveredText({ installs_total: 12500, installs_actual: 980 })).toBe('980 / 12 500');
  });

  it('titles a status change, and the status alone for the first row or an edit that kept it', () => {
    const label = (status: string) => status.toUpperCase();
    expect(statusChangeTitle({ from: 'pending', to: 'active' }, label)).toBe('PENDING → ACTIVE');
    expect(statusChangeTitle({ from: null, to: 'draft' }, label)).toBe('DRAFT');
    expect(statusChangeTitle({ from: 'draft', to: 'draft' }, label)).toBe('DRAFT');
  });
});
