// The Danish postcode table the product ships (dk_postcodes): postcode → town, for the address
// fields of both apps. It does not change while the app runs.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../supabase';

export async function loadPostcodes(): Promise<Map<string, string>> {
  const { data, error } = await supabase().from('dk_postcodes').select('code, city').order('code');
  if (error) throw error;
  return new Map((data ?? []).map((p) => [p.code, p.city]));
}

export function usePostcodes() {
  return useQuery({ queryKey: ['dk-postcodes'], queryFn: loadPostcodes, staleTime: Infinity });
}
