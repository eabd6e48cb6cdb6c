// Phone numbers as both apps take them: written the Danish way or in international form, and
// kept in international form (the database's members_phone_check).

/** "20 30 40 50", "0045 20304050", "+45-2030-4050" → "+4520304050"; undefined when not a number. */
export function normalisePhone(input: string): string | undefined {
  const compact = input.replace(/[\s\-().]/g, '');
  if (compact === '') return undefined;
  let phone = compact;
  if (/^00[0-9]+$/.test(phone)) phone = `+${phone.slice(2)}`;
  else if (/^[0-9]{8}$/.test(phone)) phone = `+45${phone}`;
  else if (/^45[0-9]{8}$/.test(phone)) phone = `+${phone}`;
  return /^\+[0-9]{8,15}$/.test(phone) ? phone : undefined;
}
