import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '../../../i18n';
import { formatCount } from '../../../lib/count';
import { INPUT_MESSAGES, MAX_LATITUDE, MAX_LONGITUDE, type InputMessage } from '../../../contract';

/** The most characters of a contact's name, of a branch's name and of an address; the most contacts. */
const contactNameLength = 120;
const branchNameLength = 200;
const addressLength = 500;
const contacts = 50;

/**
 * The contract's check messages (INPUT_MESSAGES, in English there) in the catalog, by their key,
 * made when asked: their numbers are written in the chosen digits.
 */
function catalog(key: InputMessage): MessageDescriptor {
  const maxLatitude = formatCount(MAX_LATITUDE);
  const maxLongitude = formatCount(MAX_LONGITUDE);
  const shortest = formatCount(1);
  const longest = formatCount(64);
  const messages: Record<InputMessage, MessageDescriptor> = {
    latitudeNumber: msg`Latitude must be a number`,
    latitudeRange: msg`Latitude must be between -${maxLatitude} and ${maxLatitude}`,
    longitudeNumber: msg`Longitude must be a number`,
    longitudeRange: msg`Longitude must be between -${maxLongitude} and ${maxLongitude}`,
    nameRequired: msg`Name is required`,
    contactNameTooLong: msg`${plural(contactNameLength, {
      one: 'Name is at most # character',
      other: 'Name is at most # characters',
    })}`,
    branchNameTooLong: msg`${plural(branchNameLength, {
      one: 'Name is at most # character',
      other: 'Name is at most # characters',
    })}`,
    nameNotText: msg`Name must be text`,
    phoneRequired: msg`Phone is required`,
    phoneFormat: msg`Use digits, spaces, dashes or brackets, optionally starting with +`,
    idRequired: msg`Id is required`,
    idFormat: msg`Use ${shortest}-${longest} letters, digits, dots, dashes or underscores, starting with a letter or digit`,
    addressTooLong: msg`${plural(addressLength, {
      one: 'Address is at most # character',
      other: 'Address is at most # characters',
    })}`,
    tooManyContacts: msg`${plural(contacts, { one: 'At most # contact', other: 'At most # contacts' })}`,
  };
  return messages[key];
}

const KEY_OF = new Map<string, InputMessage>(
  Object.entries(INPUT_MESSAGES).map(([key, text]) => [text, key as InputMessage]),
);

/** A message of the contract's checks in the chosen language; any other text as it is. */
export function inputMessage(text: string): string {
  const key = KEY_OF.get(text);
  return key ? i18n._(catalog(key)) : text;
}

/** The message of a contract check by its key, in the chosen language. */
export function inputMessageOf(key: InputMessage): string {
  return i18n._(catalog(key));
}
