package tardy.events;

/** Calendar arithmetic for parsers that read dates from bytes, without java.time objects per line. */
public final class CivilDate {

  private CivilDate() {}

  /** Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
  public static long epochDay(int year, int month, int day) {
    int y = month <= 2 ? year - 1 : year;
    long era = Math.floorDiv(y, 400);
    long yearOfEra = y - era * 400;
    long dayOfYear = (153L * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
    long dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
    return era * 146_097 + dayOfEra - 719_468;
  }
}
