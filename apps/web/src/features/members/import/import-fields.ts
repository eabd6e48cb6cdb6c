// The member fields an import can fill, and the column names (Danish and English, as Danish
// club registers and Excel sheets write them) that map to each field by themselves.
export const importFields = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'gender',
  'birth_date',
  'street',
  'house_number',
  'floor',
  'door',
  'postal_code',
  'city',
  'membership_id',
  'status',
  'joined_on',
  'cpr',
] as const;

export type ImportField = (typeof importFields)[number];

/** Column index for each mapped field. */
export type ColumnMapping = Partial<Record<ImportField, number>>;

const aliases: Record<ImportField, string[]> = {
  first_name: ['fornavn', 'first name', 'firstname', 'first_name', 'given name'],
  last_name: ['efternavn', 'last name', 'lastname', 'last_name', 'surname', 'family name'],
  email: ['e-mail', 'email', 'mail', 'e-mailadresse', 'email address'],
  phone: ['telefon', 'mobil', 'mobilnummer', 'telefonnummer', 'tlf', 'tlf.', 'phone', 'mobile'],
  gender: ['køn', 'gender', 'sex'],
  birth_date: ['fødselsdato', 'født', 'birth date', 'birthdate', 'date of birth', 'birth_date'],
  street: ['vej', 'vejnavn', 'gade', 'adresse', 'street', 'address'],
  house_number: ['husnummer', 'husnr', 'husnr.', 'nr', 'nr.', 'number', 'house number'],
  floor: ['etage', 'floor'],
  door: ['dør', 'side', 'door'],
  postal_code: ['postnummer', 'postnr', 'postnr.', 'post nr', 'postcode', 'postal code', 'zip'],
  city: ['by', 'bynavn', 'postdistrikt', 'city', 'town'],
  membership_id: [
    'medlemsnummer',
    'medlemsnr',
    'medlemsnr.',
    'membership id',
    'membership_id',
    'member number',
  ],
  status: ['status', 'medlemsstatus'],
  joined_on: ['indmeldt', 'indmeldelsesdato', 'indmeldelse', 'joined', 'joined on', 'member since'],
  cpr: ['cpr', 'cpr-nummer', 'cpr nummer', 'cpr-nr', 'cprnr', 'personnummer'],
};

const normalise = (header: string) => header.trim().toLowerCase().replace(/\s+/g, ' ');

/** Maps every header that names a field by itself; each field takes the first such column. */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  headers.forEach((header, index) => {
    const name = normalise(header);
    for (const field of importFields) {
      if (mapping[field] === undefined && aliases[field].includes(name)) {
        mapping[field] = index;
        return;
      }
    }
  });
  return mapping;
}
