/**
 * The weather days the project's schedule carries, said in the server's own sentence ("12 weather
 * days added for a winter start in Minnesota (Dec–Feb)"): the sentence is made once, where the
 * days are counted, and shown here as it comes.
 */
import { CloudSnow } from 'lucide-react';
import type { WeatherDaysDto } from '@/contracts/schedule';

export function ScheduleWeatherNotice({ weather }: { weather: WeatherDaysDto }) {
  return (
    <p
      data-weather-days={weather.days}
      className="flex items-start gap-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950"
    >
      <CloudSnow aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0">{weather.summary}</span>
    </p>
  );
}
