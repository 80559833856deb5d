/**
 * Dutch texts of the server's password checks beyond the length rule. Kept apart from messages.ts:
 * only the server sends them, so the log-in route's bundle does not carry them.
 */
export const PASSWORD_MESSAGES = {
  breached:
    'Dit wachtwoord staat op een lijst van veelgebruikte of uitgelekte wachtwoorden en is daardoor makkelijk te raden. Kies een ander wachtwoord.',
} as const;
