import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import '../../../lib/pages-messages';
import type {
  BlogPostBody,
  BlogPostListQuery,
  BlogPostListResponse,
  BlogPostResponse,
  DeletedResponse,
} from '@storelift/shared';
import { api } from '../../../lib/api';

export interface BlogPostsQuery {
  search?: string;
  language?: BlogPostListQuery['language'];
  orderBy: NonNullable<BlogPostListQuery['orderBy']>;
  sortBy: 'asc' | 'desc';
  page: number;
  limit: number;
}

const lists = ['admin', 'blog-posts', 'list'] as const;
const base = 'admin' as const;

/** One page of `GET blog-posts` (drafts too). */
export const blogPostsQueryOptions = (query: BlogPostsQuery) =>
  queryOptions({
    queryKey: [...lists, query] as const,
    queryFn: ({ signal }) =>
      api.get<BlogPostListResponse>('blog-posts', { base, query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** Saving or deleting a post changes the staff list and the dashboard's blog widgets. */
function useInvalidatePosts() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: lists }),
      client.invalidateQueries({ queryKey: ['dashboard', 'widgets'] }),
    ]);
}

/** `POST blog-posts` (no id) or `PUT blog-posts/{id}`. */
export function useSaveBlogPost() {
  const onSuccess = useInvalidatePosts();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: BlogPostBody }) =>
      id === undefined
        ? api.post<BlogPostResponse>('blog-posts', body, { base })
        : api.put<BlogPostResponse>(`blog-posts/${id}`, body, { base }),
    onSuccess,
  });
}

/** `DELETE blog-posts/{id}`. */
export function useDeleteBlogPost() {
  const onSuccess = useInvalidatePosts();
  return useMutation({
    mutationFn: (id: number) => api.delete<DeletedResponse>(`blog-posts/${id}`, { base }),
    onSuccess,
  });
}
