import { Alert, Button, Group, Text } from '@mantine/core';
import { IconUserShare } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { returnToOwnAccount } from '../api/login-as';
import { meQueryOptions } from '../api/me';

/**
 * Shown on every page of a session staff opened as a user (customer-area §4, an account switch): whose
 * account this is, until when, and the way back to the staff member's own account.
 */
export function ImpersonationBanner() {
  const { data } = useQuery(meQueryOptions());
  if (!data?.impersonation) return null;
  return (
    <Banner
      email={data.user.email}
      staff={data.impersonation.by.email}
      until={data.impersonation.expires_at}
    />
  );
}

/** Its texts load only in such a session. */
function Banner({ email, staff, until }: { email: string; staff: string; until: string }) {
  const { t } = useTranslation('security');
  const navigate = useNavigate();

  const leave = async () => {
    await returnToOwnAccount();
    await navigate({ to: '/admin/user-lists', replace: true });
  };

  return (
    <Alert
      color="orange"
      variant="light"
      radius="md"
      mb="md"
      icon={<IconUserShare size={20} />}
      role="status"
      data-testid="impersonation-banner"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" fw={500}>
          {t('impersonation.banner', { email, staff, until: formatDateTime(until) })}
        </Text>
        <Button size="compact-sm" variant="default" onClick={() => void leave()}>
          {t('impersonation.return')}
        </Button>
      </Group>
    </Alert>
  );
}
