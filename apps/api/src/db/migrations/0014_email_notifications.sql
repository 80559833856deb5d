-- 'Meldingen per e-mail' (issue 14.4): each user can switch off the workshop's mails about new and paid
-- reservations. On by default, so existing workshop admins get them.
ALTER TABLE "users" ADD COLUMN "email_notifications" boolean DEFAULT true NOT NULL;
