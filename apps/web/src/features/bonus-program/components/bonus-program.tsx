import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconThumbUp,
  IconMapPin,
  IconMessages,
  IconStar,
  IconVideo,
} from '@tabler/icons-react';
import {
  bonusSubmissionBodySchema,
  type BonusProgramRule,
  type BonusProgramType,
  type BonusSubmissionStatus,
} from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/error-modal';
import { formatDate, formatMoney, formatPercent } from '../../../lib/format';
import { errorText, translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { bonusProgramQueryOptions, useSubmitBonus } from '../api/bonus-program';

const ICONS: Record<BonusProgramType, typeof IconStar> = {
  success_story: IconStar,
  video: IconVideo,
  forum_post: IconMessages,
  google_maps_review: IconMapPin,
  trustpilot_review: IconThumbUp,
};
const STATUS_COLORS: Record<BonusSubmissionStatus, string> = {
  pending: 'yellow',
  approved: 'teal',
  rejected: 'red',
};

type SubmissionValues = { type: BonusProgramType; link: string; comment: string };
const loadSchema = () => Promise.resolve(bonusSubmissionBodySchema);

function SubmissionForm({ type }: { type: BonusProgramType }) {
  const { t } = useTranslation('money');
  const form = useSchemaForm<SubmissionValues>(loadSchema, { type, link: '', comment: '' });
  const submitBonus = useSubmitBonus();
  const submit = form.onSubmit(async (values) => {
    try {
      const { message } = await submitBonus.mutateAsync({
        type,
        link: values.link.trim(),
        comment: values.comment.trim() || undefined,
      });
      notifySuccess(translateMessage(message));
    } catch (error) {
      showFormError(form, error);
    }
  });
  return (
    <form onSubmit={submit} {...form.formProps}>
      <Stack gap="xs">
        <TextInput label={t('bonus.link')} placeholder="https://" {...form.getInputProps('link')} required />
        <Textarea
          label={t('bonus.comment')}
          autosize
          minRows={1}
          maxRows={4}
          {...form.getInputProps('comment')}
        />
        <Group>
          <Button type="submit" size="sm" loading={form.submitting}>
            {t('bonus.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The conditions of a type as list items, from the rule the server sends (customer-area §9). */
function conditions(rule: BonusProgramRule, t: ReturnType<typeof useTranslation<'money'>>['t']): string[] {
  const items: string[] = [];
  if (rule.min_chars) items.push(t('bonus.conditions.minChars', { count: rule.min_chars }));
  if (rule.min_minutes) items.push(t('bonus.conditions.minMinutes', { count: rule.min_minutes }));
  if (rule.screenshots) items.push(t('bonus.conditions.screenshots', { count: rule.screenshots }));
  if (rule.min_spent) items.push(t('bonus.conditions.minSpent', { amount: formatMoney(rule.min_spent) }));
  if (rule.online_days) items.push(t('bonus.conditions.onlineDays', { count: rule.online_days }));
  items.push(t('bonus.conditions.once'));
  return items;
}

function RuleCard({ rule }: { rule: BonusProgramRule }) {
  const { t } = useTranslation('money');
  const Icon = ICONS[rule.type];
  const submission = rule.submission;
  const canSubmit = !submission || submission.status === 'rejected';
  return (
    <Card withBorder radius="lg" padding="lg" data-testid={`bonus-${rule.type}`}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="xl" variant="light" color="teal">
            <Icon size={22} stroke={1.6} />
          </ThemeIcon>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Text fw={700}>{t(`bonus.types.${rule.type}`)}</Text>
            <Text size="sm" c="teal" fw={600}>
              {rule.percent
                ? t('bonus.rewardPercent', { percent: formatPercent(rule.percent) })
                : t('bonus.reward', { amount: formatMoney(rule.reward) })}
            </Text>
          </div>
          {submission && (
            <Badge color={STATUS_COLORS[submission.status]} variant="light">
              {t(`bonus.status.${submission.status}`)}
            </Badge>
          )}
        </Group>
        <List size="sm" spacing={2}>
          {conditions(rule, t).map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
        {submission && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {t('bonus.sent', { date: formatDate(submission.created_at), link: submission.link })}
            </Text>
            {submission.status === 'approved' && submission.reward && (
              <Text size="xs" c="teal">
                {t('bonus.credited', { amount: formatMoney(submission.reward) })}
              </Text>
            )}
            {submission.note && (
              <Text size="xs" c={submission.status === 'rejected' ? 'red' : 'dimmed'}>
                {submission.note}
              </Text>
            )}
          </Stack>
        )}
        {canSubmit && <SubmissionForm type={rule.type} />}
      </Stack>
    </Card>
  );
}

/** Bonus program (customer-area §9): what each kind of publication earns, and one submission per kind. */
export function BonusProgram() {
  const { t } = useTranslation('money');
  const { data, isPending, error } = useQuery(bonusProgramQueryOptions());
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('bonus.title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('bonus.subtitle')}
        </Text>
      </div>
      {error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {errorText(error)}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
        {isPending
          ? Array.from({ length: 5 }, (_, index) => <Skeleton key={index} h={260} radius="lg" />)
          : (data?.rules ?? []).map((rule) => <RuleCard key={rule.type} rule={rule} />)}
      </SimpleGrid>
    </Stack>
  );
}
