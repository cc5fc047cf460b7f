import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCircleDashed } from '@tabler/icons-react';
import {
  RESELLER_CHANNELS,
  RESELLER_CRITERIA,
  RESELLER_SERVICES,
  resellerRequestBodySchema,
  type ResellerChannel,
  type ResellerProgramResponse,
  type ResellerRequest,
  type ResellerRequestStatus,
  type ResellerService,
} from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/error-modal';
import { formatDate, formatMoney } from '../../../lib/format';
import { errorText, translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { resellersQueryOptions, useSendResellerRequest } from '../api/pages';
import { PageHeader } from '../../../components/page-header';

const STATUS_COLORS: Record<ResellerRequestStatus, string> = {
  pending: 'blue',
  approved: 'teal',
  rejected: 'red',
};

type FormValues = {
  customer_sources: string;
  suppliers: string;
  monthly_installs: number | string;
  channels: ResellerChannel[];
  services: ResellerService[];
};
const loadSchema = () => Promise.resolve(resellerRequestBodySchema);

/** The criteria of customer-area §6, with the spending one ticked from the account. */
function Criteria({ program }: { program: ResellerProgramResponse }) {
  const { t } = useTranslation('pages');
  const { criteria } = program;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('resellers.criteria.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('resellers.criteria.intro')}
        </Text>
        <List spacing="xs" size="sm" center>
          {RESELLER_CRITERIA.map((criterion) => {
            const met = criterion === 'spent' && criteria.meets_spent;
            return (
              <List.Item
                key={criterion}
                icon={
                  <ThemeIcon size={22} radius="xl" variant="light" color={met ? 'teal' : 'gray'}>
                    {met ? <IconCheck size={14} /> : <IconCircleDashed size={14} />}
                  </ThemeIcon>
                }
              >
                {t(`resellers.criteria.${criterion}`, { amount: formatMoney(criteria.min_spent) })}
                {criterion === 'spent' && (
                  <Text span size="xs" c="dimmed" ml={6}>
                    {t('resellers.criteria.yourSpent', { amount: formatMoney(criteria.spent) })}
                  </Text>
                )}
              </List.Item>
            );
          })}
        </List>
      </Stack>
    </Card>
  );
}

function RequestStatus({ request }: { request: ResellerRequest }) {
  const { t } = useTranslation('pages');
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="reseller-request">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {t('resellers.request.title')}
          </Title>
          <Badge color={STATUS_COLORS[request.status]} variant="light" size="lg">
            {t(`resellers.status.${request.status}`)}
          </Badge>
        </Group>
        <Text size="sm">{t(`resellers.request.${request.status}`, { plan: request.priceplan ?? '' })}</Text>
        <Text size="xs" c="dimmed">
          {t('resellers.request.sent', { date: formatDate(request.created_at) })}
          {request.reviewed_at &&
            ` · ${t('resellers.request.reviewed', { date: formatDate(request.reviewed_at) })}`}
        </Text>
        {request.note && (
          <Text
            size="sm"
            c={request.status === 'rejected' ? 'red' : 'dimmed'}
            style={{ whiteSpace: 'pre-wrap' }}
          >
            {request.note}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function RequestForm() {
  const { t } = useTranslation('pages');
  const send = useSendResellerRequest();
  const form = useSchemaForm<FormValues>(
    loadSchema,
    { customer_sources: '', suppliers: '', monthly_installs: '', channels: [], services: [] },
    { requiredWhenEmpty: ['monthly_installs'] },
  );
  const submit = form.onSubmit(async (values) => {
    try {
      const { message } = await send.mutateAsync({
        customer_sources: values.customer_sources.trim(),
        suppliers: values.suppliers.trim() || undefined,
        monthly_installs: Number(values.monthly_installs),
        channels: values.channels,
        services: values.services,
      });
      notifySuccess(translateMessage(message));
    } catch (error) {
      showFormError(form, error);
    }
  });
  const channels = form.getInputProps('channels');
  const services = form.getInputProps('services');
  return (
    <Card withBorder radius="lg" padding="lg">
      <form onSubmit={submit} {...form.formProps} aria-labelledby="reseller-form-title">
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg" id="reseller-form-title">
              {t('resellers.form.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('resellers.form.hint')}
            </Text>
          </div>
          <Textarea
            label={t('resellers.form.customerSources')}
            description={t('resellers.form.customerSourcesHint')}
            autosize
            minRows={2}
            maxRows={6}
            required
            {...form.getInputProps('customer_sources')}
          />
          <Textarea
            label={t('resellers.form.suppliers')}
            description={t('resellers.form.suppliersHint')}
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('suppliers')}
          />
          <NumberInput
            label={t('resellers.form.monthlyInstalls')}
            min={0}
            step={1000}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=" "
            required
            {...form.getInputProps('monthly_installs')}
          />
          <Checkbox.Group
            label={t('resellers.form.channels')}
            withAsterisk
            {...channels}
            value={channels.value}
          >
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} mt="xs" spacing="xs">
              {RESELLER_CHANNELS.map((channel) => (
                <Checkbox key={channel} value={channel} label={t(`resellers.channels.${channel}`)} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Checkbox.Group
            label={t('resellers.form.services')}
            withAsterisk
            {...services}
            value={services.value}
          >
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} mt="xs" spacing="xs">
              {RESELLER_SERVICES.map((service) => (
                <Checkbox key={service} value={service} label={t(`resellers.services.${service}`)} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Group>
            <Button type="submit" loading={form.submitting}>
              {t('resellers.form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** Resellers program (customer-area §2-§6): the criteria, the request's status and the application form. */
export function ResellersProgram() {
  const { t } = useTranslation('pages');
  const { data, isPending, error } = useQuery(resellersQueryOptions());
  const request = data?.data ?? null;
  const canApply = data && !data.is_reseller && request?.status !== 'pending';
  return (
    <Stack gap="lg">
      <PageHeader title={t('resellers.title')} subtitle={t('resellers.subtitle')} />
      {error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {errorText(error)}
        </Alert>
      )}
      {isPending ? (
        <Skeleton h={320} radius="lg" />
      ) : (
        data && (
          <>
            {data.is_reseller && (
              <Alert color="teal" icon={<IconCheck size={18} />}>
                {t('resellers.already', { plan: data.priceplan })}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <Card withBorder radius="lg" padding="lg">
                <Stack gap="xs">
                  <Title order={2} fz="lg">
                    {t('resellers.benefits.title')}
                  </Title>
                  <List size="sm" spacing={4}>
                    {(['prices', 'plans', 'manager', 'templates'] as const).map((key) => (
                      <List.Item key={key}>{t(`resellers.benefits.${key}`)}</List.Item>
                    ))}
                    <List.Item>
                      {t('resellers.benefits.panel')}{' '}
                      {/* Inside a sentence a link is told apart by its underline, not its colour alone (dark scheme). */}
                      <Anchor
                        component={Link}
                        to="/api-support"
                        hash="panel-api"
                        size="sm"
                        underline="always"
                      >
                        {t('resellers.benefits.panelLink')}
                      </Anchor>
                    </List.Item>
                    <List.Item>
                      {t('resellers.benefits.transfers')}{' '}
                      <Anchor component={Link} to="/transfers" size="sm" underline="always">
                        {t('resellers.benefits.transfersLink')}
                      </Anchor>
                    </List.Item>
                  </List>
                </Stack>
              </Card>
              <Criteria program={data} />
            </SimpleGrid>
            {request && <RequestStatus request={request} />}
            {canApply && <RequestForm />}
          </>
        )
      )}
    </Stack>
  );
}
