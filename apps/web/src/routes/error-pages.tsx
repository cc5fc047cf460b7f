import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session';
import { PublicLayout } from './layouts/public-layout';

function ErrorPage({ code, title, text }: { code: string; title: string; text: string }) {
  const { t } = useTranslation();
  const { authenticated } = useSession();
  return (
    <PublicLayout card={false} width={520}>
      <Stack align="center" ta="center" gap="md" py="xl">
        <Text fz={96} fw={900} lh={1} c="indigo.5" aria-hidden="true">
          {code}
        </Text>
        <Title order={1} fz={28}>
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        <Button component={Link} to={authenticated ? '/dashboard' : '/login'} mt="sm">
          {authenticated ? t('errors.toDashboard') : t('errors.toSignIn')}
        </Button>
      </Stack>
    </PublicLayout>
  );
}

/** /404. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorPage code="404" title={t('errors.notFoundTitle')} text={t('errors.notFoundText')} />;
}

/** /500. */
export function ServerErrorPage() {
  const { t } = useTranslation();
  const { t: tm } = useTranslation('messages');
  return <ErrorPage code="500" title={t('errors.serverTitle')} text={tm('somethingWrong')} />;
}

/** /503. */
export function MaintenancePage() {
  const { t } = useTranslation();
  const { t: tm } = useTranslation('messages');
  return <ErrorPage code="503" title={tm('maintenance')} text={t('errors.maintenanceText')} />;
}
