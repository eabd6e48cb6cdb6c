// Words the demo generator draws from: common Danish names, real towns with their postal
// codes, street names, and the vocabulary of a multi-sport club.

export const femaleNames = [
  'Anne',
  'Mette',
  'Kirsten',
  'Hanne',
  'Helle',
  'Susanne',
  'Lene',
  'Maria',
  'Marianne',
  'Camilla',
  'Louise',
  'Charlotte',
  'Pia',
  'Tina',
  'Emma',
  'Ida',
  'Sofie',
  'Freja',
  'Clara',
  'Laura',
  'Alma',
  'Ella',
  'Karla',
  'Agnes',
  'Josefine',
  'Mathilde',
  'Astrid',
  'Signe',
  'Julie',
  'Cecilie',
];

export const maleNames = [
  'Peter',
  'Jens',
  'Lars',
  'Michael',
  'Henrik',
  'Thomas',
  'Søren',
  'Jan',
  'Christian',
  'Martin',
  'Niels',
  'Anders',
  'Morten',
  'Jesper',
  'Mads',
  'Rasmus',
  'William',
  'Noah',
  'Oscar',
  'Lucas',
  'Carl',
  'Victor',
  'Malthe',
  'Frederik',
  'Emil',
  'Magnus',
  'Alfred',
  'Aksel',
  'Oliver',
  'Mikkel',
];

export const lastNames = [
  'Nielsen',
  'Jensen',
  'Hansen',
  'Pedersen',
  'Andersen',
  'Christensen',
  'Larsen',
  'Sørensen',
  'Rasmussen',
  'Jørgensen',
  'Petersen',
  'Madsen',
  'Kristensen',
  'Olsen',
  'Thomsen',
  'Christiansen',
  'Poulsen',
  'Johansen',
  'Møller',
  'Mortensen',
  'Knudsen',
  'Jakobsen',
  'Mikkelsen',
  'Frederiksen',
  'Laursen',
  'Holm',
  'Schmidt',
  'Eriksen',
  'Kristiansen',
  'Lund',
  'Østergaard',
  'Bach',
  'Dahl',
  'Kjær',
  'Vestergaard',
];

export const towns: [postalCode: string, city: string][] = [
  ['8000', 'Aarhus C'],
  ['8200', 'Aarhus N'],
  ['8210', 'Aarhus V'],
  ['8220', 'Brabrand'],
  ['8230', 'Åbyhøj'],
  ['8240', 'Risskov'],
  ['8250', 'Egå'],
  ['8260', 'Viby J'],
  ['8270', 'Højbjerg'],
  ['8310', 'Tranbjerg J'],
  ['8320', 'Mårslet'],
  ['8330', 'Beder'],
  ['8340', 'Malling'],
  ['8361', 'Hasselager'],
  ['8380', 'Trige'],
];

export const streets = [
  'Skolevej',
  'Kirkevej',
  'Stationsvej',
  'Møllevej',
  'Engvej',
  'Birkevej',
  'Bøgevej',
  'Egevej',
  'Skovvej',
  'Vestergade',
  'Østergade',
  'Nørregade',
  'Søndergade',
  'Havevej',
  'Rosenvænget',
  'Lindevej',
  'Ahornvej',
  'Toftevej',
  'Bakkevej',
  'Ringvejen',
  'Idrætsvej',
  'Granvej',
  'Kastanievej',
  'Violvej',
  'Solsikkevej',
];

export const clubs = [
  ['Fodbold', 'Fodboldafdelingen: børn, ungdom og senior'],
  ['Håndbold', 'Håndboldafdelingen i hallen'],
  ['Gymnastik', 'Springgymnastik, rytme og motion'],
  ['Padel', 'Padel og tennis på udendørsbanerne'],
] as const;

export const groups: [title: string, club: number, price: number, frequency: string | null][] = [
  ['U8 Fodbold', 0, 45000, 'annually'],
  ['U10 Fodbold', 0, 60000, 'annually'],
  ['U13 Fodbold', 0, 75000, 'annually'],
  ['Senior herrer', 0, 120000, 'annually'],
  ['Old boys', 0, 90000, 'annually'],
  ['Kvindefodbold', 0, 100000, 'annually'],
  ['U12 Håndbold', 1, 70000, 'annually'],
  ['Damesenior håndbold', 1, 110000, 'annually'],
  ['Forældre/barn gymnastik', 2, 40000, 'quarterly'],
  ['Springhold', 2, 85000, 'annually'],
  ['Motion 60+', 2, 25000, 'monthly'],
  ['Padel fællestræning', 3, 15000, 'monthly'],
  ['Frivillige', 0, 0, null],
  ['Bestyrelsen', 0, 0, null],
];

/** Who each group is for, by age on the day the demo is made ([from, to] inclusive), so a
 * 12-year-old is not put on 'Motion 60+'. */
export const groupAges: Record<string, [number, number]> = {
  'U8 Fodbold': [5, 7],
  'U10 Fodbold': [7, 9],
  'U13 Fodbold': [10, 12],
  'Senior herrer': [18, 45],
  'Old boys': [32, 70],
  Kvindefodbold: [16, 50],
  'U12 Håndbold': [9, 11],
  'Damesenior håndbold': [18, 45],
  'Forældre/barn gymnastik': [2, 60],
  Springhold: [8, 30],
  'Motion 60+': [60, 110],
  'Padel fællestræning': [16, 80],
  Frivillige: [18, 110],
  Bestyrelsen: [18, 110],
};

export const tags = ['Frivillig', 'Bestyrelse', 'Træner', 'Forælder', 'Nyt medlem', 'Æresmedlem', 'Dommer'];

/** Event titles with the months they happen in and a plausible local start hour and length, so
 * the demo has no club dinner at 05:00 and no Christmas party in May. */
export interface EventTemplate {
  title: string;
  months: number[];
  hour: number;
  hours: number;
}

const allYear = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const season = [3, 4, 5, 6, 8, 9, 10, 11];
const summer = [6, 7, 8];

export const eventTemplates: EventTemplate[] = [
  { title: 'Træning', months: allYear, hour: 17, hours: 2 },
  { title: 'Hjemmekamp', months: season, hour: 18, hours: 2 },
  { title: 'Udekamp', months: season, hour: 18, hours: 3 },
  { title: 'Klubaften', months: [1, 2, 3, 4, 9, 10, 11], hour: 19, hours: 3 },
  { title: 'Generalforsamling', months: [2, 3], hour: 19, hours: 2 },
  { title: 'Sommerfest', months: summer, hour: 16, hours: 6 },
  { title: 'Juleafslutning', months: [12], hour: 17, hours: 4 },
  { title: 'Fodboldskole', months: summer, hour: 9, hours: 6 },
  { title: 'Stævne', months: [4, 5, 6, 8, 9, 10], hour: 9, hours: 7 },
  { title: 'Arbejdsdag på anlægget', months: [3, 4, 9, 10], hour: 10, hours: 4 },
  { title: 'Fællesspisning', months: allYear, hour: 18, hours: 3 },
  { title: 'Banko i klubhuset', months: [1, 2, 3, 10, 11], hour: 19, hours: 3 },
  { title: 'Loppemarked', months: [4, 5, 6, 8, 9], hour: 10, hours: 5 },
  { title: 'Forældremøde', months: [1, 2, 3, 4, 5, 8, 9, 10, 11], hour: 19, hours: 2 },
  { title: 'Trænerkursus', months: [1, 2, 3, 9, 10, 11], hour: 18, hours: 3 },
  { title: 'Padelturnering', months: [4, 5, 6, 7, 8, 9], hour: 10, hours: 6 },
  { title: 'Gymnastikopvisning', months: [3, 4], hour: 14, hours: 3 },
  { title: 'Fastelavn for børn', months: [2], hour: 10, hours: 3 },
];

export const newsTitles = [
  'Ny træner til U10',
  'Kontingent for den nye sæson',
  'Tak for en fantastisk sommerfest',
  'Banerne er åbne igen',
  'Indkaldelse til generalforsamling',
  'Vi søger frivillige til stævnet',
  'Nye padelbaner indviet',
  'Husk børneattest til alle trænere',
  'Resultater fra weekendens kampe',
  'Klubhuset får nyt køkken',
];

export const comments = [
  'Fedt initiativ!',
  'Tak for info.',
  'Vi glæder os!',
  'Hvornår starter tilmeldingen?',
  'Super godt arbejde.',
  'Jeg kan godt hjælpe til.',
  'Kan man tage gæster med?',
  'Tusind tak til alle frivillige.',
];

export const products: [name: string, capacity: number, mode: string, price: number][] = [
  ['Padelbane 1', 1, 'hourly', 20000],
  ['Padelbane 2', 1, 'hourly', 20000],
  ['Klubhus', 1, 'individual', 150000],
  ['Minibus', 1, 'individual', 50000],
  ['Mødelokale', 1, 'none', 0],
  ['Kunstgræsbane (halv)', 2, 'none', 0],
];
