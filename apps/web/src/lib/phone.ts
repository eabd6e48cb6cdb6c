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

// Country calling codes are prefix-free (ITU-T E.164): 1 and 7 have one digit, these have two,
// every other code has three. Enough to set the code apart from the number when it is written.
const twoDigitCodes = new Set([
  '20',
  '27',
  '30',
  '31',
  '32',
  '33',
  '34',
  '36',
  '39',
  '40',
  '41',
  '43',
  '44',
  '45',
  '46',
  '47',
  '48',
  '49',
  '51',
  '52',
  '53',
  '54',
  '55',
  '56',
  '57',
  '58',
  '60',
  '61',
  '62',
  '63',
  '64',
  '65',
  '66',
  '81',
  '82',
  '84',
  '86',
  '90',
  '91',
  '92',
  '93',
  '94',
  '95',
  '98',
]);

/** A stored number's country code and national digits: "+4670123456" → ["46", "70123456"]. */
function splitInternational(phone: string): [string, string] | undefined {
  if (!/^\+[0-9]{8,15}$/.test(phone)) return undefined;
  const digits = phone.slice(1);
  const length = digits[0] === '1' || digits[0] === '7' ? 1 : twoDigitCodes.has(digits.slice(0, 2)) ? 2 : 3;
  return [digits.slice(0, length), digits.slice(length)];
}

/**
 * A stored number as people write it: a Danish one as "20 30 40 50", a foreign one as
 * "+46 70123456" (the country code apart). Anything else is shown as it is.
 */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const parts = splitInternational(phone);
  if (!parts) return phone;
  const [code, national] = parts;
  if (code === '45' && national.length === 8) return national.replace(/(\d{2})(?=\d)/g, '$1 ');
  return `+${code} ${national}`;
}

/**
 * A stored number for a spreadsheet cell that Excel keeps as text and does not evaluate: no
 * leading "+" (a formula to Excel, so CSV writers prefix an apostrophe that then shows) and a
 * space, so it is not taken for a number that loses its leading zeros: "20 30 40 50" for a
 * Danish number, "0046 70123456" for a foreign one.
 */
export function phoneForSpreadsheet(phone: string | null | undefined): string {
  const shown = formatPhone(phone);
  return shown.startsWith('+') ? `00${shown.slice(1)}` : shown;
}
