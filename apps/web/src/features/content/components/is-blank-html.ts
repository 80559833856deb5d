/** True when rich text has no visible text and no image (the server refuses such a value where one is needed). */
export function isBlankHtml(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  return html.replace(/<[^>]*>|&nbsp;|\s/g, '') === '';
}
