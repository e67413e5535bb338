/** A big project to import in one request, for the browser tests of long task lists and charts. */

/**
 * An MS Project (MSPDI) file of `count` one-to-three-day tasks in five phases, each phase a
 * finish-to-start chain: imported in one request, it makes a big project quickly.
 */
export function bigMspdi(count: number): string {
  const day = `<WeekDay><DayType>%d</DayType><DayWorking>1</DayWorking><WorkingTimes><WorkingTime><FromTime>08:00:00</FromTime><ToTime>12:00:00</ToTime></WorkingTime><WorkingTime><FromTime>13:00:00</FromTime><ToTime>17:00:00</ToTime></WorkingTime></WorkingTimes></WeekDay>`;
  const weekDays = [
    '<WeekDay><DayType>1</DayType><DayWorking>0</DayWorking></WeekDay>',
    ...[2, 3, 4, 5, 6].map((d) => day.replace('%d', String(d))),
    '<WeekDay><DayType>7</DayType><DayWorking>0</DayWorking></WeekDay>',
  ].join('');
  const tasks = [
    '<Task><UID>0</UID><ID>0</ID><Name>Tower</Name><OutlineLevel>0</OutlineLevel><Summary>1</Summary></Task>',
  ];
  const perPhase = count / 5;
  let uid = 1;
  for (let phase = 0; phase < 5; phase++) {
    tasks.push(
      `<Task><UID>${uid}</UID><ID>${uid}</ID><Name>Level ${phase + 1}</Name><OutlineLevel>1</OutlineLevel><Summary>1</Summary></Task>`,
    );
    uid++;
    for (let i = 0; i < perPhase; i++) {
      const link =
        i > 0
          ? `<PredecessorLink><PredecessorUID>${uid - 1}</PredecessorUID><Type>1</Type><LinkLag>0</LinkLag><LagFormat>7</LagFormat></PredecessorLink>`
          : '';
      tasks.push(
        `<Task><UID>${uid}</UID><ID>${uid}</ID><Name>Fit-out ${phase + 1}.${i + 1}</Name><OutlineLevel>2</OutlineLevel><Summary>0</Summary><Duration>PT${8 * (1 + (i % 3))}H0M0S</Duration>${link}</Task>`,
      );
      uid++;
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?><Project xmlns="http://schemas.microsoft.com/project"><Name>Tower fit-out</Name><StartDate>2026-03-02T08:00:00</StartDate><MinutesPerDay>480</MinutesPerDay><CalendarUID>1</CalendarUID><Calendars><Calendar><UID>1</UID><Name>Standard</Name><IsBaseCalendar>1</IsBaseCalendar><BaseCalendarUID>-1</BaseCalendarUID><WeekDays>${weekDays}</WeekDays></Calendar></Calendars><Tasks>${tasks.join('')}</Tasks></Project>`;
}
