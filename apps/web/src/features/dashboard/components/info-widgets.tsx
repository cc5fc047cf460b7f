import { useState, type ReactNode } from 'react';
import {
  Accordion,
  Alert,
  Anchor,
  Avatar,
  Badge,
  Card,
  Group,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconPin } from '@tabler/icons-react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { countryName, formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { errorText } from '../../../lib/messages';
import { PostText } from '../../../components/post-text';
import {
  externalBlogQueryOptions,
  internalBlogQueryOptions,
  pinnedBlogQueryOptions,
  popularAppsQueryOptions,
  popularCountriesQueryOptions,
  referralsWidgetQueryOptions,
  topRegionsQueryOptions,
} from '../api/widgets';

/** A widget's frame: its title, and its own loading, failure and empty states. */
function Widget<T>({
  title,
  query,
  isEmpty,
  empty,
  testId,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  empty: string;
  testId: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" data-testid={testId} component="section" aria-label={title}>
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {query.isPending ? (
        <Stack gap={6}>
          <Skeleton h={18} />
          <Skeleton h={18} />
          <Skeleton h={18} w="70%" />
        </Stack>
      ) : query.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} role="alert">
          {errorText(query.error)}
        </Alert>
      ) : isEmpty(query.data) ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        children(query.data)
      )}
    </Card>
  );
}

function CountryTable({
  rows,
  share,
}: {
  rows: { code: string; name: string; campaigns: number; share?: number }[];
  share?: boolean;
}) {
  const { t, i18n } = useTranslation('pages');
  return (
    <Table withRowBorders={false} verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('widgets.columns.country')}</Table.Th>
          <Table.Th ta="right">
            {share ? t('widgets.columns.share') : t('widgets.columns.campaigns')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.code}>
            <Table.Td>
              <Text size="sm">
                {/* The name in the interface language, from the code (the server's is English). */}
                {countryName(row.code, i18n.language)}{' '}
                <Text span c="dimmed" size="xs">
                  {row.code}
                </Text>
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm">
                {share ? `${formatNumber(row.share ?? 0, 1)} %` : formatNumber(row.campaigns)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function TopRegions() {
  const { t } = useTranslation('pages');
  const { t: ta } = useTranslation('app');
  return (
    <Widget
      title={t('widgets.topRegions.title')}
      testId="widget-top-regions"
      query={useQuery(topRegionsQueryOptions())}
      isEmpty={(data) => data.every((store) => store.countries.length === 0)}
      empty={t('widgets.topRegions.empty')}
    >
      {(data) => (
        <Stack gap="sm">
          {data
            .filter((store) => store.countries.length > 0)
            .map((store) => (
              <div key={store.appstore}>
                <Badge variant="light" mb={4}>
                  {ta(store.appstore === 1 ? 'stores.googlePlay' : 'stores.appStore')}
                </Badge>
                <CountryTable rows={store.countries} />
              </div>
            ))}
        </Stack>
      )}
    </Widget>
  );
}

function PopularCountries() {
  const { t } = useTranslation('pages');
  return (
    <Widget
      title={t('widgets.popularCountries.title')}
      testId="widget-popular-countries"
      query={useQuery(popularCountriesQueryOptions())}
      isEmpty={(data) => data.length === 0}
      empty={t('widgets.popularCountries.empty')}
    >
      {(data) => <CountryTable rows={data} share />}
    </Widget>
  );
}

function PopularApps() {
  const { t } = useTranslation('pages');
  return (
    <Widget
      title={t('widgets.popularApps.title')}
      testId="widget-popular-apps"
      query={useQuery(popularAppsQueryOptions())}
      isEmpty={(data) => data.length === 0}
      empty={t('widgets.popularApps.empty')}
    >
      {(data) => (
        <Stack gap="xs">
          {data.map((app) => (
            <Group key={app.id} gap="sm" wrap="nowrap">
              <Avatar src={app.icon} alt="" radius="md" size={32} />
              <div style={{ minWidth: 0, flex: 1 }}>
                <Anchor
                  renderRoot={(props) => (
                    <Link
                      {...props}
                      to="/keywords"
                      search={{ packageId: app.package, appstore: String(app.appstore) }}
                    />
                  )}
                  size="sm"
                  fw={600}
                  truncate
                  display="block"
                >
                  {app.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {t('widgets.popularApps.spent', { amount: formatMoney(app.promotion_value) })}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      )}
    </Widget>
  );
}

function Referrals() {
  const { t } = useTranslation('pages');
  return (
    <Widget
      title={t('widgets.referrals.title')}
      testId="widget-referrals"
      query={useQuery(referralsWidgetQueryOptions())}
      isEmpty={() => false}
      empty=""
    >
      {({ summary, top }) => (
        <Stack gap="xs">
          <Group gap="lg">
            <div>
              <Text size="xs" c="dimmed">
                {t('widgets.referrals.count')}
              </Text>
              <Text fw={700}>{summary.referrals}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t('widgets.referrals.earned')}
              </Text>
              <Text fw={700}>{formatMoney(summary.earned)}</Text>
            </div>
          </Group>
          {top.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('widgets.referrals.empty')}
            </Text>
          ) : (
            top.map((row) => (
              <Group key={row.id} justify="space-between" wrap="nowrap">
                <Text size="sm" truncate>
                  {row.nickname}
                </Text>
                <Text size="sm">{formatMoney(row.earned)}</Text>
              </Group>
            ))
          )}
          <Anchor component={Link} to="/referral-program" size="sm">
            {t('widgets.referrals.more')}
          </Anchor>
        </Stack>
      )}
    </Widget>
  );
}

function ExternalBlog() {
  const { t } = useTranslation('pages');
  const query = useQuery(externalBlogQueryOptions());
  return (
    <Widget
      title={t('widgets.blog.title')}
      testId="widget-blog-external"
      query={query}
      isEmpty={(data) => data.data.length === 0}
      empty={t('widgets.blog.empty')}
    >
      {({ data }) => (
        <Stack gap="sm">
          {data.map((post) => (
            <div key={post.link}>
              <Anchor href={post.link} target="_blank" rel="noreferrer noopener" fw={600} size="sm">
                {post.title}
              </Anchor>
              {post.published_at && (
                <Text size="xs" c="dimmed">
                  {formatDate(post.published_at)}
                </Text>
              )}
              <Text size="sm" lineClamp={2}>
                {post.summary}
              </Text>
            </div>
          ))}
        </Stack>
      )}
    </Widget>
  );
}

/** Staff's news in the interface language, newest first, a few at a time. */
function InternalBlog() {
  const { t, i18n } = useTranslation('pages');
  const [page, setPage] = useState(1);
  const query = useQuery(internalBlogQueryOptions(page, i18n.language));
  return (
    <Widget
      title={t('widgets.internalBlog.title')}
      testId="widget-blog-internal"
      query={query}
      isEmpty={(data) => data.data.length === 0}
      empty={t('widgets.internalBlog.empty')}
    >
      {({ data, meta }) => (
        <Stack gap="md">
          {data.map((post) => (
            <article key={post.id}>
              <Text fw={600} size="sm">
                {post.title}
              </Text>
              {post.published_at && (
                <Text size="xs" c="dimmed" mb={4}>
                  {formatDate(post.published_at)}
                </Text>
              )}
              <PostText body={post.body} />
            </article>
          ))}
          {meta.last_page > 1 && (
            <Pagination
              size="sm"
              total={meta.last_page}
              value={page}
              onChange={setPage}
              aria-label={t('widgets.internalBlog.pages')}
              getControlProps={(control) => ({
                'aria-label': t(`widgets.internalBlog.${control}`),
              })}
            />
          )}
        </Stack>
      )}
    </Widget>
  );
}

/** Pinned posts above the widgets; nothing when none is pinned, its own error when they fail to load. */
export function PinnedPosts() {
  const { t, i18n } = useTranslation('pages');
  const query = useQuery(pinnedBlogQueryOptions(i18n.language));
  if (query.isError)
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} role="alert">
        {errorText(query.error)}
      </Alert>
    );
  if (!query.data?.length) return null;
  return (
    <Stack
      gap="sm"
      component="section"
      aria-label={t('widgets.pinned.title')}
      data-testid="widget-blog-pinned"
    >
      {query.data.map((post) => (
        <Card key={post.id} withBorder radius="lg" padding="lg" bg="var(--mantine-primary-color-light)">
          <Group gap={6} mb={4} wrap="nowrap">
            <IconPin size={16} aria-hidden />
            <Title order={2} fz="md">
              {post.title}
            </Title>
          </Group>
          <PostText body={post.body} />
        </Card>
      ))}
    </Stack>
  );
}

const FAQ = ['start', 'payment', 'guarantee', 'banned', 'api'] as const;

function Faq() {
  const { t } = useTranslation('pages');
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={t('widgets.faq.title')}>
      <Title order={2} fz="lg" mb="sm">
        {t('widgets.faq.title')}
      </Title>
      <Accordion variant="separated" radius="md">
        {FAQ.map((key) => (
          <Accordion.Item key={key} value={key}>
            <Accordion.Control>{t(`widgets.faq.items.${key}.q`)}</Accordion.Control>
            <Accordion.Panel>
              <Text size="sm">{t(`widgets.faq.items.${key}.a`)}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Card>
  );
}

/** The dashboard widgets of customer-area §2 besides the campaigns one: each loads and fails on its own. */
export function InfoWidgets() {
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2, xl: 4 }} spacing="lg">
        <TopRegions />
        <PopularCountries />
        <PopularApps />
        <Referrals />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <InternalBlog />
        <ExternalBlog />
        <Faq />
      </SimpleGrid>
    </>
  );
}
