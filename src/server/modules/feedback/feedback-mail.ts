import type { MailMessage } from '../../providers/mail/mailer.js';
import type { FeedbackRow } from './feedback.repo.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The mail telling a feedback's sender how it was answered, quoting what they wrote. */
export function feedbackReplyMail(row: FeedbackRow, reply: string, publicUrl: string): MailMessage {
  const greeting = row.userName ? `Hello ${row.userName},` : 'Hello,';
  const status = row.status.replace('_', ' ');
  return {
    to: row.userEmail,
    subject: `Re: ${row.subject}`,
    text:
      `${greeting}\n\nThank you for your feedback "${row.subject}". Our reply:\n\n${reply}\n\n` +
      `Status: ${status}\n\nWhat you wrote:\n${row.message}\n\n— Babe Construction Manager (${publicUrl})\n`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>Thank you for your feedback “${escapeHtml(row.subject)}”. Our reply:</p>` +
      `<blockquote>${escapeHtml(reply).replace(/\n/g, '<br>')}</blockquote><p>Status: ${escapeHtml(status)}</p>` +
      `<p>What you wrote:</p><blockquote>${escapeHtml(row.message).replace(/\n/g, '<br>')}</blockquote>`,
  };
}
