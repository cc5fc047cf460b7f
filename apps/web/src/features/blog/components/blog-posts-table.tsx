import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconPlus, IconSearch } from '@tabler/icons-react';
import { LOCALES, type InternalBlogPost, type Locale } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { showApiError } from '../../../components/error-modal';
import { ListError, usePagedTableProps, usePageOf } from '../../../components/paged-table';
import { formatDate } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { blogPostsQueryOptions, useDeleteBlogPost, type BlogPostsQuery } from '../api/blog';
import { BlogPostModal } from './blog-post-modal';

const PAGE_SIZE = 10;
const SORTS: readonly BlogPostsQuery['orderBy'][] = ['created_at', 'published_at', 'title'];

/** The internal blog (the `blog` module): staff write posts for the customers' dashboard, per language. */
export function BlogPostsTable() {
  const { t } = useTranslation('blog');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 350);
  const [language, setLanguage] = useState<Locale | null>(null);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<InternalBlogPost>>({
    columnAccessor: 'created_at',
    direction: 'desc',
  });
  const [editing, setEditing] = useState<{ post?: InternalBlogPost } | null>(null);
  const [deleting, setDeleting] = useState<InternalBlogPost | null>(null);
  const remove = useDeleteBlogPost();

  const filters = {
    search: debouncedSearch || undefined,
    language: language ?? undefined,
    orderBy: SORTS.includes(sortStatus.columnAccessor as BlogPostsQuery['orderBy'])
      ? (sortStatus.columnAccessor as BlogPostsQuery['orderBy'])
      : 'created_at',
    sortBy: sortStatus.direction,
  } satisfies Omit<BlogPostsQuery, 'page' | 'limit'>;
  const [page, setPage] = usePageOf(filters);
  const { data, isFetching, error } = useQuery(blogPostsQueryOptions({ ...filters, page, limit: PAGE_SIZE }));
  const pagedProps = usePagedTableProps(
    { data, isFetching },
    { page, onPageChange: setPage, perPage: PAGE_SIZE, emptyHeight: 220 },
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('subtitle')}
          </Text>
        </div>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setEditing({})}
          data-testid="blog-post-create"
        >
          {t('create')}
        </Button>
      </Group>

      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('search')}
          leftSection={<IconSearch size={16} stroke={1.6} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={320}
        />
        <Select
          label={t('fields.language')}
          placeholder={t('allLanguages')}
          data={LOCALES.map((locale) => ({ value: locale, label: t(`languages.${locale}`) }))}
          value={language}
          onChange={(value) => setLanguage(value as Locale | null)}
          clearable
          w={200}
        />
      </Group>

      <ListError error={error} />

      <DataTable<InternalBlogPost>
        {...pagedProps}
        idAccessor="id"
        sortStatus={sortStatus}
        onSortStatusChange={setSortStatus}
        noRecordsText={t('empty')}
        columns={[
          { accessor: 'title', title: t('fields.title'), sortable: true },
          {
            accessor: 'language',
            title: t('fields.language'),
            render: (post) => t(`languages.${post.language}`),
          },
          {
            accessor: 'published',
            title: t('columns.status'),
            render: (post) => (
              <Group gap={4}>
                <Badge variant="light" color={post.published ? 'green' : 'gray'}>
                  {post.published ? t('status.published') : t('status.draft')}
                </Badge>
                {post.pinned && <Badge variant="light">{t('status.pinned')}</Badge>}
              </Group>
            ),
          },
          {
            accessor: 'published_at',
            title: t('columns.publishedAt'),
            sortable: true,
            noWrap: true,
            render: (post) => (post.published_at ? formatDate(post.published_at) : '—'),
          },
          {
            accessor: 'created_at',
            title: t('columns.created'),
            sortable: true,
            noWrap: true,
            render: (post) => formatDate(post.created_at),
          },
          {
            accessor: 'actions',
            title: <VisuallyHidden>{t('actions')}</VisuallyHidden>,
            textAlign: 'right',
            render: (post) => (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" aria-label={t('menu', { title: post.title })}>
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => setEditing({ post })}>{t('edit')}</Menu.Item>
                  <Menu.Item color="red" onClick={() => setDeleting(post)}>
                    {t('delete')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            ),
          },
        ]}
      />

      <BlogPostModal opened={editing !== null} post={editing?.post} onClose={() => setEditing(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title={t('deleteTitle', { title: deleting?.title ?? '' })}
        confirmLabel={t('delete')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: (answer) => {
              notifySuccess(translateMessage(answer.message));
              setDeleting(null);
            },
            onError: (failure) => {
              setDeleting(null);
              showApiError(failure);
            },
          })
        }
      >
        {t('deleteText')}
      </ConfirmModal>
    </Stack>
  );
}
