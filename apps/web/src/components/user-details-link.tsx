import { Anchor, Text } from '@mantine/core';
import { useCan } from '../lib/session';

/**
 * A customer named in a staff list: a link to their user details page for staff who may open it, the plain
 * e-mail for others. A plain link, so it does not depend on that page's route being loaded.
 */
export function UserDetailsLink({ user }: { user: { id: number; email: string } }) {
  const canOpen = useCan('user-details');
  if (!canOpen) return <Text size="sm">{user.email}</Text>;
  return (
    <Anchor size="sm" href={`/admin/user-details/${user.id}`} data-testid={`user-details-link-${user.id}`}>
      {user.email}
    </Anchor>
  );
}
