import { useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Alert, Button, Card, Group, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import type { Campaign } from '@storelift/shared';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { showErrorModal } from '../../../components/error-modal';
import { ApiError } from '../../../lib/api';
import { errorText, fieldErrorTexts, translateMessage } from '../../../lib/messages';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { schemaErrors, useSchemaForm, type FieldErrors } from '../../../lib/use-schema-form';
import { useSaveCpiCampaign } from '../api/cpi';
import { CpiAdsStep } from './cpi-ads-step';
import { CpiBudgetStep } from './cpi-budget-step';
import { CpiIntroStep } from './cpi-intro-step';
import {
  CPI_STEPS,
  cpiBodyFromValues,
  cpiFormSchema,
  firstStepWithErrors,
  stepErrors,
  type CpiFormValues,
  type CpiStep,
} from './cpi-logic';
import { CpiPromotionStep } from './cpi-promotion-step';
import { CpiSummaryStep } from './cpi-summary-step';
import { CpiTargetStep } from './cpi-target-step';

/** The schema, for useSchemaForm's loader. */
const loadCpiSchema = () => Promise.resolve(cpiFormSchema);

/** The delayed-start control the route hands in (the campaigns feature's, shared by every tab). */
export type DelayedStartComponent = ComponentType<{
  startAt: string | null;
  onChange: (startAt: string | null) => void;
  /** An edited delayed campaign keeps a start time: it can move but not go. */
  fixed?: boolean;
  disabled?: boolean;
  testId: string;
}>;

/** The app the wizard promotes, chosen by the route's picker (the apps feature's). */
export interface CpiAppChoice {
  packageId: string;
  appstore: number;
  /** The store country of its listing. */
  country: string;
}

/** A CPI draft or delayed campaign the wizard edits (`PUT campaigns/{id}`) instead of ordering a new one. */
export interface CpiEdited {
  id: number;
  /** draft or delayed */
  status: Campaign['status'];
  startAt: string | null;
}

/**
 * The CPI wizard (customer-area §2): an intro and five steps, each checked by the shared schema before
 * Next; the summary orders (charging twice the daily budget) or saves a draft. A 422 sends the user back
 * to the step of the first field it names. An edited draft is saved in place (and started when ordered);
 * an edited delayed campaign is saved with its start time, which can move but not go.
 */
export function CpiWizard({
  initialValues,
  initialStep = 'intro',
  appTitle,
  appIcon,
  renderAppPicker,
  balance,
  onOrdered,
  DelayedStart,
  edited,
}: {
  initialValues: CpiFormValues;
  /** Where the wizard opens: the summary for an earlier campaign's settings. */
  initialStep?: CpiStep;
  appTitle: (packageId: string, appstore: number) => string;
  /** The app's icon URL, for the ad preview. */
  appIcon?: (packageId: string, appstore: number) => string | undefined;
  renderAppPicker: (props: {
    value: { packageId: string; appstore: number } | null;
    error?: string;
    onChange: (app: CpiAppChoice) => void;
  }) => ReactNode;
  /** Main + bonus balance (decimal text), unknown while loading. */
  balance: string | undefined;
  onOrdered: (campaign: Campaign, draft: boolean) => void;
  DelayedStart: DelayedStartComponent;
  edited?: CpiEdited;
}) {
  const { t } = useTranslation('cpi');
  const form = useSchemaForm<CpiFormValues>(loadCpiSchema, initialValues);
  const save = useSaveCpiCampaign();
  const [active, setActive] = useState(() => CPI_STEPS.indexOf(initialStep));
  const [sending, setSending] = useState<'order' | 'draft' | null>(null);
  const [shortBalance, setShortBalance] = useState<string | null>(null);
  const [startAt, setStartAt] = useState<string | null>(edited?.startAt ?? null);
  const top = useRef<HTMLDivElement>(null);
  // On a phone the steps are numbers only: the current one is named above its content.
  const compact = useMediaQuery('(max-width: 36em)');
  const { values } = form;
  const last = CPI_STEPS.length - 1;
  const step: CpiStep = CPI_STEPS[active] ?? 'intro';

  const goTo = (index: number) => {
    setActive(index);
    top.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  };

  /** Every schema message for the current values (English; translated when shown). */
  const check = (): Promise<FieldErrors> => schemaErrors(cpiFormSchema, values);

  const showErrors = (errors: Record<string, string>) => {
    for (const [field, message] of Object.entries(errors)) form.setFieldError(field, message);
  };

  const next = async () => {
    const errors = stepErrors(step, await check());
    showErrors(errors);
    if (Object.keys(errors).length === 0) goTo(Math.min(active + 1, last));
  };

  const send = async (draft: boolean) => {
    setShortBalance(null);
    const all = await check();
    const wrong = firstStepWithErrors(all);
    if (wrong !== null) {
      showErrors(stepErrors(CPI_STEPS[wrong]!, all));
      goTo(wrong);
      return;
    }
    setSending(draft ? 'draft' : 'order');
    try {
      const answer = await save.mutateAsync({
        id: edited?.id,
        body: cpiBodyFromValues(values, { draft: draft || edited?.status === 'draft', startAt }),
        start: edited?.status === 'draft' && !draft,
      });
      notifySuccess(translateMessage(answer.message ?? ''));
      onOrdered(answer.data, draft);
    } catch (error) {
      receiveError(error);
    } finally {
      setSending(null);
    }
  };

  /** A 422: balance to the summary's alert, field messages onto their step (the first one shown). */
  const receiveError = (error: unknown) => {
    if (!(error instanceof ApiError) || error.status !== 422 || !error.errors) {
      notifyError(errorText(error));
      return;
    }
    const { balance: short, ...fields } = fieldErrorTexts(error);
    if (short?.[0]) setShortBalance(short[0]);
    const unmapped: string[] = [];
    const mapped: Record<string, string> = {};
    for (const [field, messages] of Object.entries(fields)) {
      if (!messages[0]) continue;
      if (field in values) mapped[field] = messages[0];
      else unmapped.push(...messages);
    }
    showErrors(mapped);
    const wrong = firstStepWithErrors(mapped);
    if (wrong !== null) goTo(wrong);
    showErrorModal(unmapped);
  };

  const stepLabel = (name: CpiStep) => t(`steps.${name}`);
  const app = values.packageId
    ? {
        name: appTitle(values.packageId, values.appstore),
        icon: appIcon?.(values.packageId, values.appstore),
      }
    : { name: '' };
  const content: Record<CpiStep, ReactNode> = {
    intro: <CpiIntroStep />,
    target: <CpiTargetStep form={form} />,
    promotion: <CpiPromotionStep form={form} />,
    budget: <CpiBudgetStep form={form} />,
    ads: <CpiAdsStep form={form} app={app} />,
    summary: <CpiSummaryStep values={values} app={app} balance={balance} onEdit={goTo} />,
  };

  return (
    <form
      {...form.formProps}
      onSubmit={(event) => {
        event.preventDefault();
        void (active === last ? send(false) : next());
      }}
      data-testid="cpi-wizard"
    >
      <Stack gap="lg" ref={top}>
        <Card withBorder radius="lg" padding="lg">
          {renderAppPicker({
            value: values.packageId ? { packageId: values.packageId, appstore: values.appstore } : null,
            error: form.getInputProps('packageId').error,
            onChange: (app) => {
              form.setFieldValue('packageId', app.packageId);
              form.setFieldValue('appstore', app.appstore);
              form.setFieldValue('country', app.country);
            },
          })}
        </Card>

        <Card withBorder radius="lg" padding="lg">
          <Stepper
            active={active}
            onStepClick={goTo}
            allowNextStepsSelect={false}
            size="sm"
            iconSize={compact ? 28 : 32}
            wrap={!compact}
            labelPosition="bottom"
            data-testid="cpi-stepper"
          >
            {CPI_STEPS.map((name, index) => (
              <Stepper.Step
                key={name}
                label={compact ? undefined : stepLabel(name)}
                // The name holds the step's visible number (axe: label-content-name-mismatch); with labels shown
                // the content names it.
                aria-label={compact ? `${index + 1}. ${stepLabel(name)}` : undefined}
                data-testid={`cpi-step-${name}`}
              />
            ))}
          </Stepper>
          <Stack gap="md" mt="xl" data-testid={`cpi-panel-${step}`} aria-label={stepLabel(step)} role="group">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('nav.stepOf', { step: active + 1, total: CPI_STEPS.length })} · {stepLabel(step)}
            </Text>
            {content[step]}
          </Stack>
        </Card>

        {shortBalance && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{shortBalance}</Text>
              <Button size="xs" renderRoot={(props) => <Link {...props} to="/top-up-balance" />}>
                {t('summary.topUp')}
              </Button>
            </Group>
          </Alert>
        )}

        <Group justify="space-between" gap="sm">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => goTo(active - 1)}
            disabled={active === 0 || sending !== null}
            data-testid="cpi-back"
          >
            {t('nav.back')}
          </Button>
          {active < last ? (
            <Button type="submit" rightSection={<IconArrowRight size={16} />} data-testid="cpi-next">
              {active === 0 ? t('nav.start') : t('nav.next')}
            </Button>
          ) : (
            <Group gap="sm">
              <DelayedStart
                startAt={startAt}
                onChange={setStartAt}
                fixed={edited?.status === 'delayed'}
                disabled={sending !== null}
                testId="cpi"
              />
              {edited?.status === 'delayed' ? (
                <Button
                  type="submit"
                  loading={sending === 'order'}
                  disabled={sending !== null}
                  data-testid="cpi-save"
                >
                  {t('actions.saveChanges')}
                </Button>
              ) : (
                <>
                  <Button
                    variant="default"
                    onClick={() => void send(true)}
                    loading={sending === 'draft'}
                    disabled={sending !== null}
                    data-testid="cpi-save-draft"
                  >
                    {edited ? t('actions.saveChanges') : t('actions.saveDraft')}
                  </Button>
                  <Button
                    type="submit"
                    loading={sending === 'order'}
                    disabled={sending !== null}
                    data-testid="cpi-order"
                  >
                    {t('actions.order')}
                  </Button>
                </>
              )}
            </Group>
          )}
        </Group>
      </Stack>
    </form>
  );
}
