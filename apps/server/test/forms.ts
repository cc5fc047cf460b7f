/** What a browser's form sends: the fields and files as `multipart/form-data`, with its content type. */
export async function formBody(fields: Record<string, string | Blob>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const request = new Request('http://storelift.test', { method: 'POST', body });
  return { payload: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}
