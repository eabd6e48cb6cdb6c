// Checks each row of an import against the member rules before anything is sent, so the
// preview can list every problem by row and field in the user's language. Values come out
// normalised (phone in international form, dates as YYYY-MM-DD, CPR as DDMMYY-XXXX).
import { isEmail, normaliseCpr, normaliseDate, normalisePhone } from '../member-values';
import { importFields, type ColumnMapping, type ImportField } from './import-fields';

export type ImportProblem =
  | 'required'
  | 'invalid_email'
  | 'invalid_phone'
  | 'invalid_date'
  | 'invalid_cpr'
  | 'invalid_gender'
  | 'invalid_status'
  | 'unknown_postcode';

export interface RowProblem {
  field: ImportField;
  problem: ImportProblem;
  value: string;
}

export type ImportValues = Partial<Record<ImportField, string>>;

export interface CheckedRow {
  /** The line in the file (the header is line 1). */
  line: number;
  values: ImportValues;
  problems: RowProblem[];
}

const genders: Record<string, string> = {
  k: 'female',
  kvinde: 'female',
  kvinder: 'female',
  f: 'female',
  female: 'female',
  woman: 'female',
  pige: 'female',
  m: 'male',
  mand: 'male',
  mænd: 'male',
  male: 'male',
  man: 'male',
  dreng: 'male',
  a: 'other',
  andet: 'other',
  other: 'other',
};

const statuses: Record<string, string> = {
  aktiv: 'active',
  active: 'active',
  passiv: 'passive',
  passive: 'passive',
  udmeldt: 'left',
  left: 'left',
};

export function checkImportRows(
  rows: readonly string[][],
  mapping: ColumnMapping,
  postcodes: ReadonlyMap<string, string>,
): CheckedRow[] {
  return rows.map((cells, index) => {
    const values: ImportValues = {};
    const problems: RowProblem[] = [];
    const raw = (field: ImportField) => {
      const column = mapping[field];
      return column === undefined ? '' : (cells[column] ?? '').trim();
    };
    const fail = (field: ImportField, problem: ImportProblem) =>
      problems.push({ field, problem, value: raw(field) });
    for (const field of importFields) {
      const value = raw(field);
      if (value === '') continue;
      switch (field) {
        case 'email':
          if (isEmail(value)) values.email = value.toLowerCase();
          else fail(field, 'invalid_email');
          break;
        case 'phone': {
          const phone = normalisePhone(value);
          if (phone) values.phone = phone;
          else fail(field, 'invalid_phone');
          break;
        }
        case 'birth_date':
        case 'joined_on': {
          const date = normaliseDate(value);
          if (date) values[field] = date;
          else fail(field, 'invalid_date');
          break;
        }
        case 'cpr': {
          const cpr = normaliseCpr(value);
          if (cpr) values.cpr = cpr;
          else fail(field, 'invalid_cpr');
          break;
        }
        case 'gender': {
          const gender = genders[value.toLowerCase()];
          if (gender) values.gender = gender;
          else fail(field, 'invalid_gender');
          break;
        }
        case 'status': {
          const status = statuses[value.toLowerCase()];
          if (status) values.status = status;
          else fail(field, 'invalid_status');
          break;
        }
        case 'postal_code': {
          const city = postcodes.get(value);
          if (city) {
            values.postal_code = value;
            values.city = city;
          } else fail(field, 'unknown_postcode');
          break;
        }
        case 'city':
          // The city follows the postcode; a city without a postcode is kept as written.
          if (values.postal_code === undefined && raw('postal_code') === '') values.city = value;
          break;
        default:
          values[field] = value;
      }
    }
    if (!values.first_name) fail('first_name', 'required');
    return { line: index + 2, values, problems };
  });
}
