import {
  Alert,
  Anchor,
  Card,
  Group,
  Progress,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { STARTING_STEPS, type StartingStep } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/messages';
import { startingQueryOptions } from '../api/pages';
import { PageHeader } from '../../../components/page-header';

/** Where each step is done (a signed-in account has its e-mail verified already: no link). */
const STEP_LINKS = {
  app_added: '/apps',
  keywords_tracked: '/keywords',
  topped_up: '/top-up-balance',
  campaign_created: '/add-campaigns',
} as const satisfies Record<Exclude<StartingStep, 'email_verified'>, string>;

/** The starting page (customer-area §2): the first steps, ticked from what the account really holds. */
export function StartingChecklist() {
  const { t } = useTranslation('pages');
  const { data, isPending, error } = useQuery(startingQueryOptions());
  const done = data?.data.filter((row) => row.done).length ?? 0;
  return (
    <Stack gap="lg">
      <PageHeader title={t('starting.title')} subtitle={t('starting.subtitle')} />
      {error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {errorText(error)}
        </Alert>
      )}
      {isPending ? (
        <Skeleton h={360} radius="lg" />
      ) : (
        data && (
          <Card withBorder radius="lg" padding="lg">
            <Stack gap="md">
              <div>
                <Text size="sm" fw={600} id="starting-progress">
                  {t('starting.progress', { done, total: STARTING_STEPS.length })}
                </Text>
                <Progress.Root mt={6}>
                  <Progress.Section
                    value={(done / STARTING_STEPS.length) * 100}
                    color="teal"
                    aria-labelledby="starting-progress"
                  />
                </Progress.Root>
              </div>
              <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {data.data.map(({ step, done: stepDone }) => (
                  <Group
                    key={step}
                    component="li"
                    gap="sm"
                    wrap="nowrap"
                    align="flex-start"
                    data-testid={`step-${step}`}
                    data-done={stepDone}
                  >
                    <ThemeIcon
                      size={28}
                      radius="xl"
                      variant={stepDone ? 'filled' : 'light'}
                      color={stepDone ? 'teal' : 'gray'}
                    >
                      {stepDone ? <IconCheck size={16} /> : <IconCircleDashed size={16} />}
                    </ThemeIcon>
                    <div style={{ flex: 1 }}>
                      <Text fw={600} td={stepDone ? 'line-through' : undefined}>
                        {t(`starting.steps.${step}.title`)}
                        <VisuallyHidden component="span">
                          {` (${stepDone ? t('starting.done') : t('starting.todo')})`}
                        </VisuallyHidden>
                      </Text>
                      <Text size="sm" c="dimmed">
                        {t(`starting.steps.${step}.hint`)}
                      </Text>
                      {!stepDone && step !== 'email_verified' && (
                        <Anchor component={Link} to={STEP_LINKS[step]} size="sm">
                          {t(`starting.steps.${step}.action`)}
                        </Anchor>
                      )}
                    </div>
                  </Group>
                ))}
              </Stack>
            </Stack>
          </Card>
        )
      )}
    </Stack>
  );
}
