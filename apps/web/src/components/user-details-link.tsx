import { Anchor, Text } from '@mantine/core';
import { useCan } from '../lib/session';

/**
 * A customer named in a staff list: a link to their user details page for staff who may open it, the plain
 * e-mail for others. A plain link, so it does not depend on that page's route being loaded.
 */
export function UserDetailsLink({ user }: { user: { id: number; email: string } }) {
  const canOpen = useCan('user-details');
  // A long e-mail is cut, so staff tables keep their columns at 1366 px; the whole one is in the title.
  const fit = { title: user.email, maw: 190, truncate: true } as const;
  if (!canOpen)
    return (
      <Text size="sm" {...fit}>
        {user.email}
      </Text>
    );
  return (
    <Anchor
      size="sm"
      href={`/admin/user-details/${user.id}`}
      display="block"
      {...fit}
      data-testid={`user-details-link-${user.id}`}
    >
      {user.email}
    </Anchor>
  );
}
