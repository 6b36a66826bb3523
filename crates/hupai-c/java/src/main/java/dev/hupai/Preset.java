package dev.hupai;

/**
 * The seven rule sets an {@link Engine} can play.
 *
 * <pre>{@code
 * try (Engine engine = new Engine(Preset.RIICHI)) { ... }
 * }</pre>
 */
public enum Preset {
  /** Japanese riichi. */
  RIICHI,
  /** Chinese standard forms. */
  CHINESE,
  /** 南昌麻将: 精 wildcards ({@link Engine#nanchangWild}). */
  NANCHANG,
  /** 四川血战: three suits. */
  SICHUAN,
  /** 红中麻将: 7z (红中) wild. */
  HONGZHONG,
  /** 长沙麻将. */
  CHANGSHA,
  /** 国标 (MCR). */
  GUOBIAO;

  /** The preset's name in the C ABI ("riichi", …). */
  String cName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
