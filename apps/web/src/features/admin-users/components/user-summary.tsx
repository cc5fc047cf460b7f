import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AdminUserDetail } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { countryName, formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { displayRoles } from '../../../lib/roles';

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Card withBorder padding="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} ff="monospace" data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/** User details, details tab: the user's fields, balances, totals and activity. */
export function UserSummary({ user }: { user: AdminUserDetail }) {
  const { t, i18n } = useTranslation('users');
  const { t: tr } = useTranslation();
  const { t: ta } = useTranslation('app');
  const dash = '—';
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
        <Figure
          label={t('summary.main')}
          value={formatMoney(user.balances.main)}
          testId="user-balance-main"
        />
        <Figure label={t('summary.bonus')} value={formatMoney(user.balances.bonus)} />
        <Figure label={t('summary.referral')} value={formatMoney(user.balances.referral)} />
        <Figure label={t('summary.payments')} value={formatMoney(user.total_payments)} />
        <Figure label={t('summary.spent')} value={formatMoney(user.total_spent)} />
      </SimpleGrid>
      <Card withBorder radius="md" padding="md">
        <Title order={2} fz="md" mb="sm">
          {t('summary.profile')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Field label={tr('fields.nickname')} value={user.nickname} />
          <Field label={tr('fields.fullName')} value={user.full_name} />
          <Field label={tr('fields.email')} value={user.email} />
          <Field
            label={tr('fields.businessType')}
            value={tr(`businessTypes.${user.business_type}` as 'businessTypes.other', {
              defaultValue: user.business_type,
            })}
          />
          <Field label={tr('fields.country')} value={countryName(user.country, i18n.language)} />
          <Field label={t('fields.gender')} value={user.gender ? t(`genders.${user.gender}`) : dash} />
          <Field label={tr('fields.phone')} value={user.phone ?? dash} />
          <Field
            label={tr('fields.messengerType')}
            value={user.messenger_id ? `${user.messenger_type ?? ''} ${user.messenger_id}`.trim() : dash}
          />
          <Field label={t('fields.pricePlan')} value={user.priceplan.name} />
          <Field label={t('fields.manager')} value={user.manager ? user.manager.nickname : dash} />
          <Field label={t('summary.referrer')} value={user.referrer ? user.referrer.email : dash} />
          <Field label={t('summary.referralCode')} value={user.referral_code || dash} />
          <Field label={t('fields.euPayee')} value={user.eu_payee ? tr('common.yes') : tr('common.no')} />
          <Field label={t('summary.registered')} value={formatDate(user.created_at)} />
          <Field
            label={t('summary.lastLogin')}
            value={user.last_login_at ? formatDateTime(user.last_login_at) : t('summary.never')}
          />
          <Field
            label={t('summary.counts')}
            value={t('summary.countsValue', { apps: user.apps, referrals: user.referrals })}
          />
        </SimpleGrid>
        <Group gap={4} mt="md">
          {displayRoles(user.roles).map((name) => (
            <Badge key={name} size="sm" variant={name === 'user' ? 'light' : 'filled'}>
              {ta(`roles.${name}`)}
            </Badge>
          ))}
        </Group>
      </Card>
    </Stack>
  );
}
