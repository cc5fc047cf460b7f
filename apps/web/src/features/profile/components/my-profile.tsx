import type { ReactNode } from 'react';
import { Alert, Card, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconApi,
  IconLock,
  IconMail,
  IconMailCog,
  IconShieldLock,
  IconUserCircle,
} from '@tabler/icons-react';
import type { User } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/messages';
import { profileQueryOptions } from '../api/profile';
import { ApiAccess } from './api-access';
import { AvatarCard } from './avatar-card';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { ResellerTemplates } from './reseller-templates';
import { TwoFactorCard } from './two-factor-card';

export const PROFILE_TABS = ['details', 'password', 'two-factor', 'emails', 'api', 'templates'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/**
 * My profile (customer-area §2, §7): who the user is and their avatar, the password, two-factor sign-in, the
 * e-mail notifications (`emails`, the notices feature's panel), the API token and credits, a reseller's e-mail
 * templates.
 */
export function MyProfile({
  tab,
  onTabChange,
  onUser,
  emails,
}: {
  tab: ProfileTab;
  onTabChange: (tab: ProfileTab) => void;
  /** The user changed (nickname, avatar): the session and the header follow. */
  onUser: (user: User) => void;
  /** The e-mail notifications panel. */
  emails: ReactNode;
}) {
  const { t } = useTranslation('profile');
  const profile = useQuery(profileQueryOptions());
  const data = profile.data;

  const loading = (
    <Stack gap="sm">
      <Skeleton h={96} w={96} radius={96} />
      <Skeleton h={200} radius="md" />
    </Stack>
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('subtitle')}
        </Text>
      </div>
      {profile.error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {errorText(profile.error)}
        </Alert>
      )}
      <Tabs
        value={tab}
        onChange={(value) => value && onTabChange(value as ProfileTab)}
        keepMounted={false}
        variant="outline"
        radius="md"
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="details" leftSection={<IconUserCircle size={16} />}>
            {t('tabs.details')}
          </Tabs.Tab>
          <Tabs.Tab value="password" leftSection={<IconLock size={16} />}>
            {t('tabs.password')}
          </Tabs.Tab>
          <Tabs.Tab value="two-factor" leftSection={<IconShieldLock size={16} />}>
            {t('tabs.twoFactor')}
          </Tabs.Tab>
          <Tabs.Tab value="emails" leftSection={<IconMail size={16} />}>
            {t('tabs.emails')}
          </Tabs.Tab>
          <Tabs.Tab value="api" leftSection={<IconApi size={16} />}>
            {t('tabs.api')}
          </Tabs.Tab>
          <Tabs.Tab value="templates" leftSection={<IconMailCog size={16} />}>
            {t('tabs.templates')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details">
          {data ? (
            <Stack gap="lg">
              <Card withBorder radius="lg" padding="lg">
                <Stack gap="md">
                  <Title order={2} fz="lg">
                    {t('avatar.title')}
                  </Title>
                  <AvatarCard avatar={data.avatar} name={data.nickname} onUser={onUser} />
                </Stack>
              </Card>
              <Card withBorder radius="lg" padding="lg">
                <Stack gap="md">
                  <Title order={2} fz="lg">
                    {t('details.title')}
                  </Title>
                  <ProfileForm profile={data} onUser={onUser} />
                </Stack>
              </Card>
            </Stack>
          ) : (
            !profile.error && loading
          )}
        </Tabs.Panel>
        <Tabs.Panel value="password">
          <Card withBorder radius="lg" padding="lg">
            <Stack gap="md">
              <Title order={2} fz="lg">
                {t('password.title')}
              </Title>
              <PasswordForm />
            </Stack>
          </Card>
        </Tabs.Panel>
        <Tabs.Panel value="two-factor">
          <Card withBorder radius="lg" padding="lg">
            <Stack gap="md">
              <Title order={2} fz="lg">
                {t('twoFactor.title')}
              </Title>
              <TwoFactorCard />
            </Stack>
          </Card>
        </Tabs.Panel>
        <Tabs.Panel value="emails">{emails}</Tabs.Panel>
        <Tabs.Panel value="api">{data ? <ApiAccess api={data.api} /> : !profile.error && loading}</Tabs.Panel>
        <Tabs.Panel value="templates">
          <ResellerTemplates />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
