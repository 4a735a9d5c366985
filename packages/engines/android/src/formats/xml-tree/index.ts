/**
 * One element-tree shape for Android XML, whichever container it came from
 * (binary AXML in an APK, protobuf XmlNode in an AAB), with the lookups
 * manifest checks need and a toXml() for display.
 */
export * from './tree.ts';
export * from './to-xml.ts';
export * from './android-attributes.ts';
