import { useEffect, useRef, useState } from 'react';
import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { exchangeLoginCode } from '../features/auth/api/login-as';
import { errorText, flattenErrors } from '../lib/messages';
import { ApiError } from '../lib/api';
import { PublicLayout } from './layouts/public-layout';

/** The one-time code from the address's fragment (never sent to the server in a URL), then forgotten. */
function takeCode(): string {
  const code = decodeURIComponent(window.location.hash.replace(/^#/, ''));
  window.history.replaceState(null, '', window.location.pathname);
  return code;
}

/**
 * /login-as#<code>: the tab "Log in as user" opens. It exchanges the code for a session of the user kept in
 * this tab only, then shows the user's dashboard with the impersonation banner.
 */
export function LoginAsPage() {
  const { t } = useTranslation('security');
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once, even in React's development double effects: the code is single-use.
    if (started.current) return;
    started.current = true;
    const code = takeCode();
    exchangeLoginCode(code)
      .then(() => navigate({ to: '/dashboard', replace: true }))
      .catch((failure: unknown) =>
        setError(
          failure instanceof ApiError && failure.errors
            ? flattenErrors(failure).join(' ')
            : errorText(failure),
        ),
      );
  }, [navigate]);

  return (
    <PublicLayout card width={460}>
      <Stack align="center" ta="center" gap="md" py="lg">
        <Title order={1} fz={24}>
          {t('impersonation.pageTitle')}
        </Title>
        {error ? (
          <>
            <Text c="red" role="alert">
              {error}
            </Text>
            <Button component={Link} to="/dashboard">
              {t('impersonation.back')}
            </Button>
          </>
        ) : (
          <>
            <Loader role="status" aria-label={t('impersonation.opening')} />
            <Text c="dimmed">{t('impersonation.opening')}</Text>
          </>
        )}
      </Stack>
    </PublicLayout>
  );
}
