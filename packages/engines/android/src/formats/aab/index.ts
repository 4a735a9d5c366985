/**
 * Android App Bundle (AAB) resources: the protobuf XmlNode manifest of
 * base/manifest/AndroidManifest.xml, read into the same element tree as AXML.
 */
export { parseProtoXml } from './xml-node.ts';
export { readFields, pbString, pbFirst, type PbField } from './protobuf.ts';
