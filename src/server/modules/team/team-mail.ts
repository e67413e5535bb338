import type { MailMessage } from '../../providers/mail/mailer.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The invitation: who invites, to which company, the link and until when it works. */
export function inviteMail(opts: {
  to: string;
  inviter: { firstName: string | null; lastName: string | null; email: string };
  companyName: string;
  link: string;
  expiresAt: Date;
}): MailMessage {
  const who = [opts.inviter.firstName, opts.inviter.lastName].filter(Boolean).join(' ') || opts.inviter.email;
  const until = opts.expiresAt.toUTCString();
  return {
    to: opts.to,
    subject: `${who} invited you to ${opts.companyName}`,
    text:
      `${who} invited you to join ${opts.companyName} on Babe Construction Manager.\n\n` +
      `Open this link and sign up (or sign in) with ${opts.to} to join:\n\n${opts.link}\n\n` +
      `The link works once, until ${until}.\n`,
    html:
      `<p>${escapeHtml(who)} invited you to join <strong>${escapeHtml(opts.companyName)}</strong> on Babe Construction Manager.</p>` +
      `<p>Open this link and sign up (or sign in) with ${escapeHtml(opts.to)} to join:</p>` +
      `<p><a href="${opts.link}">${opts.link}</a></p><p>The link works once, until ${escapeHtml(until)}.</p>`,
  };
}
