/**
 * What a mail template gives: the words of one mail. The caller adds who gets it (`to`) and the links a developer
 * sees in the log (`links`), and queues it (lib/outbox.ts). See docs/decisions/0024-templates.md.
 */
export type MailContent = { subject: string; text: string; html?: string };
