/** Text made safe inside HTML, in element content and quoted attributes alike (the pages the server writes). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
