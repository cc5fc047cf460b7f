import { describe, expect, it } from 'vitest';
import { displayRoles } from './roles';

describe('displayRoles', () => {
  it('lists staff roles first and user last, without `all` or unknown names', () => {
    expect(displayRoles(['all', 'user', 'marketer', 'admin', 'nobody'])).toEqual([
      'admin',
      'marketer',
      'user',
    ]);
  });
});
