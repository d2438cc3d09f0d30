/** Vocabulary of the seed generator: real cities, plausible streets and people. */

export interface City {
  /** Branch id prefix, e.g. `LDN` → `LDN-01`. */
  code: string;
  name: string;
  country: string;
  timeZone: string;
  latitude: number;
  longitude: number;
  dialCode: string;
  /** Local number without the dial code; `#` is a random digit. */
  phonePattern: string;
  mobilePattern: string;
  postcodes: readonly string[];
  streets: readonly string[];
  districts: readonly string[];
  /** `Torstraße 12` rather than `12 Torstraße` (implies postcode before the city). */
  numberAfterStreet?: true;
  /** `75002 Paris` rather than `London EC2A 3EW`. */
  postcodeFirst?: true;
}

export const CITIES: readonly City[] = [
  {
    code: 'LDN',
    name: 'London',
    country: 'United Kingdom',
    timeZone: 'Europe/London',
    latitude: 51.5226,
    longitude: -0.0796,
    dialCode: '+44',
    phonePattern: '20 7### ####',
    mobilePattern: '7### ######',
    postcodes: ['EC2A 3EW', 'E1 6AN', 'N1 9GU', 'SE1 9SG', 'W1F 0DJ', 'NW1 8AH', 'E2 7DG', 'WC1X 8HB'],
    streets: [
      'Great Eastern Street',
      'Commercial Road',
      'Upper Street',
      'Borough High Street',
      'Old Street',
      'Kingsland Road',
      'Caledonian Road',
      'Whitechapel Road',
    ],
    districts: ['Shoreditch', 'Islington', 'Southwark', 'Camden'],
  },
  {
    code: 'MAN',
    name: 'Manchester',
    country: 'United Kingdom',
    timeZone: 'Europe/London',
    latitude: 53.4808,
    longitude: -2.2426,
    dialCode: '+44',
    phonePattern: '161 ### ####',
    mobilePattern: '7### ######',
    postcodes: ['M1 1AD', 'M4 1HN', 'M15 4FN', 'M3 3EB', 'M2 5DB', 'M16 0RA'],
    streets: [
      'Oldham Street',
      'Deansgate',
      'Oxford Road',
      'Portland Street',
      'Stockport Road',
      'Chorlton Street',
    ],
    districts: ['Northern Quarter', 'Ancoats', 'Hulme', 'Salford'],
  },
  {
    code: 'BER',
    name: 'Berlin',
    numberAfterStreet: true,
    country: 'Germany',
    timeZone: 'Europe/Berlin',
    latitude: 52.5208,
    longitude: 13.4094,
    dialCode: '+49',
    phonePattern: '30 #######',
    mobilePattern: '15# ########',
    postcodes: ['10115', '10178', '10243', '10405', '10961', '12043', '10827'],
    streets: [
      'Torstraße',
      'Karl-Marx-Allee',
      'Schönhauser Allee',
      'Oranienstraße',
      'Kastanienallee',
      'Sonnenallee',
      'Frankfurter Allee',
    ],
    districts: ['Mitte', 'Kreuzberg', 'Prenzlauer Berg', 'Neukölln'],
  },
  {
    code: 'PAR',
    name: 'Paris',
    postcodeFirst: true,
    country: 'France',
    timeZone: 'Europe/Paris',
    latitude: 48.8647,
    longitude: 2.349,
    dialCode: '+33',
    phonePattern: '1 ## ## ## ##',
    mobilePattern: '6 ## ## ## ##',
    postcodes: ['75002', '75003', '75010', '75011', '75018', '75020', '75015'],
    streets: [
      'Rue Saint-Denis',
      'Boulevard Voltaire',
      'Rue de Rivoli',
      'Rue Oberkampf',
      'Avenue de Clichy',
      'Rue du Faubourg Saint-Antoine',
    ],
    districts: ['Le Marais', 'Bastille', 'Montmartre', 'Belleville'],
  },
  {
    code: 'MAD',
    name: 'Madrid',
    numberAfterStreet: true,
    country: 'Spain',
    timeZone: 'Europe/Madrid',
    latitude: 40.42,
    longitude: -3.7025,
    dialCode: '+34',
    phonePattern: '91 ### ## ##',
    mobilePattern: '6## ### ###',
    postcodes: ['28004', '28012', '28013', '28045', '28010', '28039'],
    streets: [
      'Gran Vía',
      'Calle de Alcalá',
      'Calle de Fuencarral',
      'Paseo de las Delicias',
      'Calle de Bravo Murillo',
      'Calle de Atocha',
    ],
    districts: ['Malasaña', 'Lavapiés', 'Chamberí', 'Tetuán'],
  },
  {
    code: 'AMS',
    name: 'Amsterdam',
    numberAfterStreet: true,
    country: 'Netherlands',
    timeZone: 'Europe/Amsterdam',
    latitude: 52.3702,
    longitude: 4.8952,
    dialCode: '+31',
    phonePattern: '20 ### ####',
    mobilePattern: '6 ########',
    postcodes: ['1012 AB', '1015 CJ', '1017 PH', '1053 BE', '1072 LH', '1091 GH'],
    streets: [
      'Damrak',
      'Haarlemmerdijk',
      'Utrechtsestraat',
      'Kinkerstraat',
      'Ferdinand Bolstraat',
      'Wibautstraat',
    ],
    districts: ['Centrum', 'Jordaan', 'De Pijp', 'Oost'],
  },
  {
    code: 'DXB',
    name: 'Dubai',
    country: 'United Arab Emirates',
    timeZone: 'Asia/Dubai',
    latitude: 25.2048,
    longitude: 55.2708,
    dialCode: '+971',
    phonePattern: '4 ### ####',
    mobilePattern: '50 ### ####',
    postcodes: [''],
    streets: [
      'Sheikh Zayed Road',
      'Al Wasl Road',
      'Jumeirah Beach Road',
      'Al Khail Road',
      'Khalid Bin Al Waleed Road',
      'Al Maktoum Road',
    ],
    districts: ['Downtown', 'Deira', 'Al Barsha', 'Jumeirah'],
  },
  {
    code: 'BOM',
    name: 'Mumbai',
    country: 'India',
    timeZone: 'Asia/Kolkata',
    latitude: 19.076,
    longitude: 72.8777,
    dialCode: '+91',
    phonePattern: '22 #### ####',
    mobilePattern: '98### #####',
    postcodes: ['400001', '400050', '400053', '400013', '400070', '400028'],
    streets: ['Linking Road', 'Hill Road', 'SV Road', 'LBS Marg', 'Senapati Bapat Marg', 'Colaba Causeway'],
    districts: ['Bandra', 'Andheri', 'Lower Parel', 'Colaba'],
  },
  {
    code: 'NYC',
    name: 'New York',
    country: 'United States',
    timeZone: 'America/New_York',
    latitude: 40.7411,
    longitude: -73.9897,
    dialCode: '+1',
    phonePattern: '212 ### ####',
    mobilePattern: '917 ### ####',
    postcodes: ['10001', '10010', '10011', '10016', '10003', '10012'],
    streets: [
      'Broadway',
      '5th Avenue',
      'Lexington Avenue',
      'West 23rd Street',
      'Houston Street',
      'Bleecker Street',
    ],
    districts: ['Flatiron', 'Chelsea', 'SoHo', 'Midtown'],
  },
  {
    code: 'SIN',
    name: 'Singapore',
    country: 'Singapore',
    timeZone: 'Asia/Singapore',
    latitude: 1.2966,
    longitude: 103.852,
    dialCode: '+65',
    phonePattern: '6### ####',
    mobilePattern: '9### ####',
    postcodes: ['188024', '238801', '079903', '189352', '208539', '427677'],
    streets: [
      'Orchard Road',
      'Victoria Street',
      'Serangoon Road',
      'Tanjong Pagar Road',
      'North Bridge Road',
      'East Coast Road',
    ],
    districts: ['Bugis', 'Orchard', 'Tanjong Pagar', 'Katong'],
  },
];

export const FIRST_NAMES = [
  'Amelia',
  'Oliver',
  'Aisha',
  'Lukas',
  'Chloé',
  'Mateo',
  'Sanne',
  'Omar',
  'Priya',
  'Noah',
  'Hannah',
  'Yusuf',
  'Léa',
  'Javier',
  'Fatima',
  'Arjun',
  'Emma',
  'Daan',
  'Sofia',
  'Kwame',
  'Mia',
  'Hugo',
  'Layla',
  'Ravi',
  'Ines',
  'Tom',
  'Zara',
  'Felix',
  'Nour',
  'Ananya',
] as const;

export const LAST_NAMES = [
  'Khan',
  'Smith',
  'Becker',
  'Dubois',
  'García',
  'de Vries',
  'Al Mansouri',
  'Patel',
  'Okafor',
  'Müller',
  'Martin',
  'López',
  'Jansen',
  'Haddad',
  'Sharma',
  'Taylor',
  'Schmidt',
  'Moreau',
  'Fernández',
  'Bakker',
  'Rahman',
  'Iyer',
  'Brown',
  'Wagner',
  'Laurent',
  'Ruiz',
  'Visser',
  'Nasser',
  'Mehta',
  'Evans',
] as const;

export const MERCHANTS = [
  'Bluebird Bakery',
  'Corner Pharmacy',
  'Fresh Basket Grocers',
  'Urban Florist',
  'Book Nook',
  'Tech Repair Hub',
  'Spice Route Kitchen',
  'Green Leaf Organics',
  'Paper & Ink',
  'City Cycles',
  'Little Pantry',
  'Vino Cellar',
  'Pet Palace',
  'Home & Hearth',
  'Daily Brew Coffee',
] as const;

export const DISPATCHERS = [
  { user_type: 'dispatcher', user_id: 'dsp-101', user_name: 'Priya Nair' },
  { user_type: 'dispatcher', user_id: 'dsp-102', user_name: 'Marcus Webb' },
  { user_type: 'dispatcher', user_id: 'dsp-103', user_name: 'Elena Rossi' },
  { user_type: 'dispatcher', user_id: 'dsp-104', user_name: 'Tariq Aziz' },
] as const;

export const SYSTEM_ACTOR = { user_type: 'system', user_id: 'system', user_name: 'Dispatch engine' } as const;

export const ZONE_NAMES = ['Central', 'North', 'East', 'South', 'West'] as const;

export const JOB_TYPES = ['on_demand', 'scheduled', 'same_day', 'return'] as const;
export const RIDER_TYPES = ['bicycle', 'motorbike', 'car', 'van'] as const;
export const TEAM_COUNT = 6;

export const JOB_NOTES = [
  'Fragile: handle with care',
  'Call the customer on arrival',
  'Use the service entrance',
  'Keep upright',
  'Chilled items: deliver first',
] as const;

export const DELIVERY_NOTES = [
  'Leave with the concierge',
  'Ring twice',
  'Gate code 4821',
  'Third floor, no lift',
  'Side door by the garage',
] as const;

export const REASSIGN_REASONS = [
  'rider unavailable',
  'vehicle issue',
  'closer rider found',
  'shift ended',
  'rider declined',
] as const;

export const FAILURE_REMARKS = [
  'Customer not at home',
  'Address not found',
  'Customer refused the parcel',
  'Access denied',
] as const;
export const CANCEL_REMARKS = [
  'Cancelled by the merchant',
  'Customer cancelled',
  'Duplicate order',
  '',
] as const;
