package java

import "sync"

// javaVocab holds the package's word lists and tables. They are built on
// first use, not at start-up: every lgraph command, --version included,
// would otherwise pay for them (docs/measurements.md, Start-up).
type javaVocab struct {
	// libResults are the simple result types of common library methods,
	// by receiver type and name ("Date.getTime") or by name alone where the
	// library's types agree. They are read only for a library receiver.
	libResults map[string]string
	// libFields are the simple types of common library constants.
	libFields   map[string]string
	unboxedJava map[string]string
	// numericRank orders the primitive types binary numeric promotion yields.
	numericRank map[string]int
	// objectMethods are Object's methods: whatever a receiver is, their
	// results are library types.
	objectMethods map[string]bool
	// langTypes are the java.lang types a file sees without an import; a
	// name among them that the file neither declares nor imports is not the
	// repository's.
	langTypes map[string]bool
}

var vocab = sync.OnceValue(func() *javaVocab {
	return &javaVocab{
		libResults: map[string]string{
			"toString": "String", "name": "String", "getName": "String", "getSimpleName": "String", "getCanonicalName": "String",
			"getMessage": "String", "substring": "String", "trim": "String", "strip": "String", "toLowerCase": "String",
			"toUpperCase": "String", "concat": "String", "replace": "String", "replaceAll": "String", "intern": "String",
			"getPath": "String", "getAbsolutePath": "String", "getParent": "String", "format": "String",
			"length": "int", "size": "int", "hashCode": "int", "indexOf": "int", "lastIndexOf": "int", "compareTo": "int",
			"intValue": "int", "ordinal": "int", "getModifiers": "int", "read": "int", "codePointAt": "int",
			"longValue": "long", "doubleValue": "double", "floatValue": "float", "charAt": "char", "charValue": "char",
			"booleanValue": "boolean", "isEmpty": "boolean", "equals": "boolean", "startsWith": "boolean",
			"endsWith": "boolean", "contains": "boolean", "hasNext": "boolean", "isArray": "boolean", "isPrimitive": "boolean",
			"isInterface": "boolean", "isInstance": "boolean", "isAssignableFrom": "boolean", "containsKey": "boolean",
			"isDirectory": "boolean", "isFile": "boolean", "exists": "boolean", "equalsIgnoreCase": "boolean", "matches": "boolean",
			"toCharArray": "char[]", "getBytes": "byte[]", "split": "String[]", "toByteArray": "byte[]",
			"getClass": "-Class", "getComponentType": "-Class", "getSuperclass": "-Class", "getDeclaringClass": "-Class",
			"iterator":     "Iterator",
			"Date.getTime": "long", "File.length": "long", "File.lastModified": "long", "File.getParentFile": "-File",
			"File.getAbsoluteFile": "-File", "File.getCanonicalFile": "-File", "Path.toFile": "-File", "File.toPath": "-Path",
			"Calendar.getTime": "-Date", "Class.forName": "-Class", "Thread.currentThread": "-Thread",
			"System.currentTimeMillis": "long", "System.nanoTime": "long", "System.lineSeparator": "String",
			"System.getProperty": "String", "String.valueOf": "String", "String.join": "String",
			"Integer.parseInt": "int", "Long.parseLong": "long", "Double.parseDouble": "double", "Float.parseFloat": "float",
			"Integer.valueOf": "Integer", "Long.valueOf": "Long", "Boolean.valueOf": "Boolean", "Character.valueOf": "Character",
			"Charset.defaultCharset": "-Charset", "Charset.forName": "-Charset", "Paths.get": "-Path", "Path.of": "-Path",
			"Path.resolve": "-Path", "Path.getFileName": "-Path", "Path.getParent": "-Path", "Path.toAbsolutePath": "-Path",
			"Path.normalize": "-Path", "File.getName": "String", "Instant.now": "-Instant", "Duration.ofMillis": "-Duration",
			"Thread.getName": "String", "Locale.getDefault": "-Locale", "TimeZone.getDefault": "-TimeZone",
			"Calendar.getInstance": "-Calendar", "Charset.name": "String", "Files.size": "long",
		},
		libFields: map[string]string{
			"StandardCharsets.UTF_8": "-Charset", "StandardCharsets.US_ASCII": "-Charset", "StandardCharsets.ISO_8859_1": "-Charset",
			"StandardCharsets.UTF_16": "-Charset", "StandardCharsets.UTF_16BE": "-Charset", "StandardCharsets.UTF_16LE": "-Charset",
			"File.separator": "String", "File.separatorChar": "char", "File.pathSeparator": "String", "File.pathSeparatorChar": "char",
			"System.out": "-PrintStream", "System.err": "-PrintStream", "System.in": "-InputStream",
			"Boolean.TRUE": "Boolean", "Boolean.FALSE": "Boolean", "Locale.ROOT": "-Locale", "Locale.ENGLISH": "-Locale", "Locale.US": "-Locale",
		},
		unboxedJava:   map[string]string{"Byte": "byte", "Short": "short", "Character": "char", "Integer": "int", "Long": "long", "Float": "float", "Double": "double"},
		numericRank:   map[string]int{"byte": 1, "short": 1, "char": 1, "int": 1, "long": 2, "float": 3, "double": 4},
		objectMethods: setOf("toString hashCode equals getClass"),
		langTypes: setOf("Object String StringBuilder StringBuffer Math StrictMath System Integer Long Short Byte " +
			"Double Float Character Boolean Number Thread Runtime Class ClassLoader Enum Iterable Comparable CharSequence " +
			"Cloneable Runnable AutoCloseable Throwable Exception RuntimeException Error IllegalArgumentException " +
			"IllegalStateException NullPointerException UnsupportedOperationException IndexOutOfBoundsException " +
			"ArrayIndexOutOfBoundsException StringIndexOutOfBoundsException ClassCastException ArithmeticException " +
			"NumberFormatException CloneNotSupportedException InterruptedException SecurityException " +
			"ReflectiveOperationException ClassNotFoundException NoSuchMethodException NoSuchFieldException " +
			"IllegalAccessException InstantiationException AssertionError OutOfMemoryError StackOverflowError " +
			"LinkageError Void Record Process ProcessBuilder ThreadLocal InheritableThreadLocal Package Module " +
			"StackTraceElement Appendable Readable ThreadGroup ArrayStoreException NegativeArraySizeException " +
			"ExceptionInInitializerError InternalError VirtualMachineError IllegalMonitorStateException"),
	}
})
