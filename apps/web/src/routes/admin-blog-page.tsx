import 'mantine-datatable/styles.css';
import { BlogPostsTable } from '../features/blog/components/blog-posts-table';

/** /admin/blog (the blog module; admin and marketer by default). */
export function AdminBlogPage() {
  return <BlogPostsTable />;
}
