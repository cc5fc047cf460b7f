import {
  Alert,
  Anchor,
  Badge,
  Card,
  Code,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconBook } from '@tabler/icons-react';
import {
  API_CALL_CREDITS,
  API_TOKEN_PACKS,
  APP_STORES,
  LIMITS,
  PANEL_API_BASE,
  PANEL_PRODUCT_TYPES,
  PRODUCT_TYPES,
  PUBLIC_API_RATE_LIMIT,
  panelServiceId,
  panelServiceText,
  type PanelOrderState,
} from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../lib/format';
import { errorText } from '../../../lib/messages';
import {
  PUBLIC_API_DOCUMENT,
  PUBLIC_API_PREFIX,
  PUBLIC_API_REFERENCE,
  openApiQueryOptions,
  type ApiOperation,
} from '../api/pages';
import { PageHeader } from '../../../components/page-header';

const METHOD_COLORS: Record<ApiOperation['method'], string> = {
  get: 'blue',
  post: 'teal',
  put: 'orange',
  patch: 'grape',
  delete: 'red',
};

function Reference() {
  const { t } = useTranslation('pages');
  const { data, isPending, error } = useQuery(openApiQueryOptions());
  if (isPending) return <Skeleton h={160} radius="md" />;
  if (error)
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
        {t('api.reference.failed')}
        <Text size="xs">{errorText(error)}</Text>
      </Alert>
    );
  if (data.size === 0)
    return (
      <Text c="dimmed" size="sm" data-testid="api-reference-empty">
        {t('api.reference.empty')}
      </Text>
    );
  return (
    <Stack gap="md">
      {[...data].map(([tag, operations]) => (
        <section key={tag} aria-label={tag || t('api.reference.untagged')}>
          <Title order={3} fz="md" mb={6} tt="capitalize">
            {tag || t('api.reference.untagged')}
          </Title>
          <Table.ScrollContainer minWidth={480}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('api.reference.method')}</Table.Th>
                  <Table.Th>{t('api.reference.path')}</Table.Th>
                  <Table.Th>{t('api.reference.summary')}</Table.Th>
                  <Table.Th>{t('api.reference.credits')}</Table.Th>
                  <Table.Th>{t('api.reference.examples')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {operations.map((operation) => (
                  <Table.Tr key={`${operation.method} ${operation.path}`}>
                    <Table.Td w={100}>
                      <Badge color={METHOD_COLORS[operation.method]} variant="light" tt="uppercase">
                        {operation.method}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Code>{operation.path}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{operation.summary}</Text>
                    </Table.Td>
                    <Table.Td w={90}>
                      <Badge color={operation.credits ? 'gray' : 'green'} variant="outline" tt="none">
                        {operation.credits ? formatNumber(operation.credits) : t('api.reference.free')}
                      </Badge>
                    </Table.Td>
                    <Table.Td w={110}>
                      <Anchor
                        href={`${PUBLIC_API_REFERENCE}#${operation.operationId}`}
                        size="sm"
                        aria-label={`${t('api.reference.examples')}: ${operation.method.toUpperCase()} ${operation.path}`}
                      >
                        {t('api.reference.examples')}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </section>
      ))}
    </Stack>
  );
}

/** What each panel status stands for, in the order an order goes through them (docs/public-api.md, Status). */
const PANEL_STATES: [
  PanelOrderState,
  'pending' | 'processing' | 'inProgress' | 'completed' | 'partial' | 'canceled',
][] = [
  ['Pending', 'pending'],
  ['Processing', 'processing'],
  ['In progress', 'inProgress'],
  ['Completed', 'completed'],
  ['Partial', 'partial'],
  ['Canceled', 'canceled'],
];

/** Storelift as a panel (`POST /api/v2`): how a reseller's panel software connects, its services and statuses. */
function PanelApi({ origin }: { origin: string }) {
  const { t } = useTranslation('pages');
  const example = [
    `curl -X POST ${origin}${PANEL_API_BASE} \\`,
    '  -d key=$STORELIFT_TOKEN -d action=add -d service=101 \\',
    '  --data-urlencode "link=https://play.google.com/store/apps/details?id=com.example.app" \\',
    '  -d quantity=10 -d runs=3',
    '# {"order": 12345}',
  ].join('\n');
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      id="panel-api"
      component="section"
      aria-labelledby="panel-api-title"
      // Reached by its hash (the resellers program links here): its heading clears the sticky header.
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 60px) + 16px)' }}
    >
      <Title order={2} fz="lg" mb="xs" id="panel-api-title">
        {t('api.panel.title')}
      </Title>
      <Text size="sm" mb="xs">
        {t('api.panel.intro', { path: PANEL_API_BASE })}
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>{t('api.panel.key', { url: `${origin}${PANEL_API_BASE}` })}</List.Item>
        <List.Item>{t('api.panel.body')}</List.Item>
        <List.Item>{t('api.panel.add')}</List.Item>
        <List.Item>{t('api.panel.idempotency')}</List.Item>
        <List.Item>{t('api.panel.errors')}</List.Item>
        <List.Item>{t('api.panel.credits')}</List.Item>
      </List>
      <Text size="sm" fw={600} mt="sm">
        {t('api.panel.example')}
      </Text>
      <Code block mt={4} data-testid="panel-api-example">
        {example}
      </Code>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mt="md">
        <section aria-labelledby="panel-api-services">
          <Title order={3} fz="md" mb={6} id="panel-api-services">
            {t('api.panel.services.title')}
          </Title>
          <Table.ScrollContainer minWidth={420}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('api.panel.services.googlePlay')}</Table.Th>
                  <Table.Th>{t('api.panel.services.appStore')}</Table.Th>
                  <Table.Th>{t('api.panel.services.product')}</Table.Th>
                  <Table.Th>{t('api.panel.services.type')}</Table.Th>
                  <Table.Th>{t('api.panel.services.refill')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {PANEL_PRODUCT_TYPES.map((type) => (
                  <Table.Tr key={type}>
                    <Table.Td>
                      <Code>{panelServiceId(APP_STORES.GOOGLE_PLAY, type)}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Code>{panelServiceId(APP_STORES.APP_STORE, type)}</Code>
                    </Table.Td>
                    <Table.Td>{t(`api.panel.products.${type}`)}</Table.Td>
                    <Table.Td>
                      <Code>{panelServiceText(APP_STORES.GOOGLE_PLAY, type).type}</Code>
                    </Table.Td>
                    <Table.Td>
                      {t(
                        type === PRODUCT_TYPES.hqReview ? 'api.panel.services.yes' : 'api.panel.services.no',
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="xs" c="dimmed" mt={4}>
            {t('api.panel.services.note')}
          </Text>
        </section>
        <section aria-labelledby="panel-api-statuses">
          <Title order={3} fz="md" mb={6} id="panel-api-statuses">
            {t('api.panel.statuses.title')}
          </Title>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('api.panel.statuses.panel')}</Table.Th>
                <Table.Th>{t('api.panel.statuses.order')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {PANEL_STATES.map(([state, key]) => (
                <Table.Tr key={state}>
                  <Table.Td>
                    <Code>{state}</Code>
                  </Table.Td>
                  <Table.Td>{t(`api.panel.statuses.${key}`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      </SimpleGrid>
    </Card>
  );
}

/**
 * API support (customer-area §2): how to call the public API, what it costs, and its reference; then the panel
 * API v2 for resellers' panel software. Further sections (webhooks) go as cards of their own.
 */
export function ApiSupport() {
  const { t } = useTranslation('pages');
  const origin = window.location.origin;
  return (
    <Stack gap="lg">
      <PageHeader title={t('api.title')} subtitle={t('api.subtitle')} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="lg" mb="xs">
            {t('api.auth.title')}
          </Title>
          <List type="ordered" size="sm" spacing={4}>
            <List.Item>{t('api.auth.token')}</List.Item>
            <List.Item>{t('api.auth.header')}</List.Item>
            <List.Item>{t('api.auth.testToken')}</List.Item>
          </List>
          <Code block mt="sm">
            {`curl -H "Authorization: Bearer <token>" \\\n  ${origin}${PUBLIC_API_PREFIX}balance`}
          </Code>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="lg" mb="xs">
            {t('api.credits.title')}
          </Title>
          <List size="sm" spacing={4}>
            <List.Item>{t('api.credits.free', { count: LIMITS.apiFreeCredits })}</List.Item>
            <List.Item>{t('api.credits.perCall', API_CALL_CREDITS)}</List.Item>
            <List.Item>{t('api.credits.autoRefresh')}</List.Item>
            <List.Item>{t('api.credits.headers')}</List.Item>
            <List.Item>
              {t('api.credits.rateLimit', {
                max: PUBLIC_API_RATE_LIMIT.max,
                window: PUBLIC_API_RATE_LIMIT.windowSeconds,
              })}
            </List.Item>
            <List.Item>{t('api.credits.idempotency')}</List.Item>
          </List>
          <Text size="sm" fw={600} mt="sm">
            {t('api.credits.packs')}
          </Text>
          <Group gap="xs" mt={4}>
            {API_TOKEN_PACKS.map((pack) => (
              <Badge key={pack.credits} variant="outline" size="lg" tt="none">
                {t('api.credits.pack', {
                  credits: formatNumber(pack.credits),
                  price: formatMoney(pack.price),
                })}
              </Badge>
            ))}
          </Group>
        </Card>
      </SimpleGrid>
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="lg">
            {t('api.reference.title')}
          </Title>
          <Group gap="md">
            <Anchor href={PUBLIC_API_REFERENCE} target="_blank" rel="noreferrer" size="sm">
              <Group gap={4} component="span">
                <IconBook size={16} aria-hidden />
                {t('api.reference.full')}
              </Group>
            </Anchor>
            <Anchor href={PUBLIC_API_DOCUMENT} target="_blank" rel="noreferrer" size="sm">
              {t('api.reference.openapi')}
            </Anchor>
          </Group>
        </Group>
        <Reference />
      </Card>
      <PanelApi origin={origin} />
    </Stack>
  );
}
