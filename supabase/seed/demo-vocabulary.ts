// Words the demo generator draws from: common Danish names, real towns with their postal
// codes, street names, and the vocabulary of a multi-sport club.

export const femaleNames = [
  'Anne', 'Mette', 'Kirsten', 'Hanne', 'Helle', 'Susanne', 'Lene', 'Maria', 'Marianne', 'Camilla',
  'Louise', 'Charlotte', 'Pia', 'Tina', 'Emma', 'Ida', 'Sofie', 'Freja', 'Clara', 'Laura',
  'Alma', 'Ella', 'Karla', 'Agnes', 'Josefine', 'Mathilde', 'Astrid', 'Signe', 'Julie', 'Cecilie',
];

export const maleNames = [
  'Peter', 'Jens', 'Lars', 'Michael', 'Henrik', 'Thomas', 'Søren', 'Jan', 'Christian', 'Martin',
  'Niels', 'Anders', 'Morten', 'Jesper', 'Mads', 'Rasmus', 'William', 'Noah', 'Oscar', 'Lucas',
  'Carl', 'Victor', 'Malthe', 'Frederik', 'Emil', 'Magnus', 'Alfred', 'Aksel', 'Oliver', 'Mikkel',
];

export const lastNames = [
  'Nielsen', 'Jensen', 'Hansen', 'Pedersen', 'Andersen', 'Christensen', 'Larsen', 'Sørensen', 'Rasmussen',
  'Jørgensen', 'Petersen', 'Madsen', 'Kristensen', 'Olsen', 'Thomsen', 'Christiansen', 'Poulsen', 'Johansen',
  'Møller', 'Mortensen', 'Knudsen', 'Jakobsen', 'Mikkelsen', 'Frederiksen', 'Laursen', 'Holm', 'Schmidt',
  'Eriksen', 'Kristiansen', 'Lund', 'Østergaard', 'Bach', 'Dahl', 'Kjær', 'Vestergaard',
];

export const towns: [postalCode: string, city: string][] = [
  ['8000', 'Aarhus C'], ['8200', 'Aarhus N'], ['8210', 'Aarhus V'], ['8220', 'Brabrand'], ['8230', 'Åbyhøj'],
  ['8240', 'Risskov'], ['8250', 'Egå'], ['8260', 'Viby J'], ['8270', 'Højbjerg'], ['8310', 'Tranbjerg J'],
  ['8320', 'Mårslet'], ['8330', 'Beder'], ['8340', 'Malling'], ['8361', 'Hasselager'], ['8380', 'Trige'],
];

export const streets = [
  'Skolevej', 'Kirkevej', 'Stationsvej', 'Møllevej', 'Engvej', 'Birkevej', 'Bøgevej', 'Egevej', 'Skovvej',
  'Vestergade', 'Østergade', 'Nørregade', 'Søndergade', 'Havevej', 'Rosenvænget', 'Lindevej', 'Ahornvej',
  'Toftevej', 'Bakkevej', 'Ringvejen', 'Idrætsvej', 'Granvej', 'Kastanievej', 'Violvej', 'Solsikkevej',
];

export const clubs = [
  ['Fodbold', 'Fodboldafdelingen: børn, ungdom og senior'],
  ['Håndbold', 'Håndboldafdelingen i hallen'],
  ['Gymnastik', 'Springgymnastik, rytme og motion'],
  ['Padel', 'Padel og tennis på udendørsbanerne'],
] as const;

export const groups: [title: string, club: number, price: number, frequency: string | null][] = [
  ['U8 Fodbold', 0, 45000, 'annually'], ['U10 Fodbold', 0, 60000, 'annually'], ['U13 Fodbold', 0, 75000, 'annually'],
  ['Senior herrer', 0, 120000, 'annually'], ['Old boys', 0, 90000, 'annually'], ['Kvindefodbold', 0, 100000, 'annually'],
  ['U12 Håndbold', 1, 70000, 'annually'], ['Damesenior håndbold', 1, 110000, 'annually'],
  ['Forældre/barn gymnastik', 2, 40000, 'quarterly'], ['Springhold', 2, 85000, 'annually'], ['Motion 60+', 2, 25000, 'monthly'],
  ['Padel fællestræning', 3, 15000, 'monthly'], ['Frivillige', 0, 0, null], ['Bestyrelsen', 0, 0, null],
];

export const tags = ['Frivillig', 'Bestyrelse', 'Træner', 'Forælder', 'Nyt medlem', 'Æresmedlem', 'Dommer'];

export const eventTitles = [
  'Træning', 'Hjemmekamp', 'Udekamp', 'Klubaften', 'Generalforsamling', 'Sommerfest', 'Juleafslutning',
  'Fodboldskole', 'Stævne', 'Arbejdsdag på anlægget', 'Fællesspisning', 'Banko i klubhuset', 'Loppemarked',
  'Forældremøde', 'Trænerkursus', 'Padelturnering', 'Gymnastikopvisning', 'Fastelavn for børn',
];

export const newsTitles = [
  'Ny træner til U10', 'Kontingent for den nye sæson', 'Tak for en fantastisk sommerfest', 'Banerne er åbne igen',
  'Indkaldelse til generalforsamling', 'Vi søger frivillige til stævnet', 'Nye padelbaner indviet',
  'Husk børneattest til alle trænere', 'Resultater fra weekendens kampe', 'Klubhuset får nyt køkken',
];

export const comments = [
  'Fedt initiativ!', 'Tak for info.', 'Vi glæder os!', 'Hvornår starter tilmeldingen?', 'Super godt arbejde.',
  'Jeg kan godt hjælpe til.', 'Kan man tage gæster med?', 'Tusind tak til alle frivillige.',
];

export const products: [name: string, capacity: number, mode: string, price: number][] = [
  ['Padelbane 1', 1, 'hourly', 20000], ['Padelbane 2', 1, 'hourly', 20000], ['Klubhus', 1, 'individual', 150000],
  ['Minibus', 1, 'individual', 50000], ['Mødelokale', 1, 'none', 0], ['Kunstgræsbane (halv)', 2, 'none', 0],
];
